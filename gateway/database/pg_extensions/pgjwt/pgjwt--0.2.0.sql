\echo Use "CREATE EXTENSION pgjwt" to load this file. \quit

-- base64url without padding (RFC 7515 section 2).
CREATE FUNCTION @extschema@.url_encode(data bytea) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE
AS $$ SELECT rtrim(translate(encode(data, 'base64'), E'+/\n', '-_'), '=') $$;

CREATE FUNCTION @extschema@.url_decode(data text) RETURNS bytea
LANGUAGE sql IMMUTABLE PARALLEL SAFE
AS $$ SELECT decode(rpad(translate(data, '-_', '+/'), (length(data) + 3) / 4 * 4, '='), 'base64') $$;

-- pgcrypto may live in another schema: the search path of CREATE EXTENSION names it, and the function keeps it.
-- An algorithm other than HS256/384/512 reaches hmac as '' and gets pgcrypto's "No such hash algorithm" error.
CREATE FUNCTION @extschema@.algorithm_sign(signables text, secret text, algorithm text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE
SET search_path FROM CURRENT
AS $$
  SELECT @extschema@.url_encode(hmac(signables, secret,
    CASE algorithm WHEN 'HS256' THEN 'sha256' WHEN 'HS384' THEN 'sha384' WHEN 'HS512' THEN 'sha512' ELSE '' END))
$$;

CREATE FUNCTION @extschema@.sign(payload json, secret text, algorithm text DEFAULT 'HS256') RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE
AS $$
  SELECT signables || '.' || @extschema@.algorithm_sign(signables, secret, algorithm)
  FROM (SELECT @extschema@.url_encode(convert_to(format('{"alg":"%s","typ":"JWT"}', algorithm), 'utf8'))
               || '.' || @extschema@.url_encode(convert_to(payload::text, 'utf8')) AS signables) AS token
$$;

-- A number, or null for anything that is not one (a claim such as "nbf": "soon" is then ignored).
CREATE FUNCTION @extschema@.try_cast_double(inp text) RETURNS double precision
LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE
AS $$
BEGIN
  RETURN inp::double precision;
EXCEPTION WHEN others THEN
  RETURN NULL;
END
$$;

-- valid: the signature matches and now is within [nbf, exp), each bound only where the claim is a number. Stable,
-- not immutable, as it reads the clock: a cached plan must not keep an old answer.
CREATE FUNCTION @extschema@.verify(token text, secret text, algorithm text DEFAULT 'HS256')
RETURNS TABLE (header json, payload json, valid boolean)
LANGUAGE sql STABLE PARALLEL SAFE
AS $$
  SELECT decoded.header, decoded.payload,
         decoded.signature_ok
         AND coalesce(to_timestamp(@extschema@.try_cast_double(decoded.payload ->> 'nbf')) <= current_timestamp, true)
         AND coalesce(to_timestamp(@extschema@.try_cast_double(decoded.payload ->> 'exp')) > current_timestamp, true)
  FROM (SELECT convert_from(@extschema@.url_decode(part[1]), 'utf8')::json AS header,
               convert_from(@extschema@.url_decode(part[2]), 'utf8')::json AS payload,
               part[3] = @extschema@.algorithm_sign(part[1] || '.' || part[2], secret, algorithm) AS signature_ok
        FROM string_to_array(token, '.') AS part) AS decoded
$$;
