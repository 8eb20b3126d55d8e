"""GoTrue's auth hooks: configuration, the two transports, and the points in the auth flows that call them."""
