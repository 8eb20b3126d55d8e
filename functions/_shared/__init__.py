"""Code shared by several functions (like Supabase's `functions/_shared`); not a function itself."""
