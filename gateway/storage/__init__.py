"""/storage/v1: Supabase's Storage API. Metadata in `storage.*` decided by RLS, bytes in files under the data folder."""
