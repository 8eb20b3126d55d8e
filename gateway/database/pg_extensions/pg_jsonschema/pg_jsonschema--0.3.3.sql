\echo Use "CREATE EXTENSION pg_jsonschema" to load this file. \quit

-- The draft a schema's "$schema" names; 7 when it names none, as the original defaults to draft 7.
CREATE FUNCTION @extschema@._jsonschema_draft(schema jsonb) RETURNS integer
LANGUAGE sql IMMUTABLE PARALLEL SAFE
AS $$
  SELECT CASE
    WHEN jsonb_typeof(schema) <> 'object' OR jsonb_typeof(schema -> '$schema') <> 'string' THEN 7
    WHEN schema ->> '$schema' LIKE '%draft-04%' THEN 4
    WHEN schema ->> '$schema' LIKE '%draft-06%' THEN 6
    WHEN schema ->> '$schema' LIKE '%2019-09%' THEN 2019
    WHEN schema ->> '$schema' LIKE '%2020-12%' THEN 2020
    ELSE 7 END
$$;

-- PostgreSQL's error for a pattern its regular expressions reject, or null for a good one.
CREATE FUNCTION @extschema@._jsonschema_regex_problem(pattern text) RETURNS text
LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE
AS $$
BEGIN
  PERFORM '' ~ pattern;
  RETURN NULL;
EXCEPTION WHEN invalid_regular_expression THEN
  RETURN SQLERRM;
END
$$;

-- The subschema a "$ref" names within the root schema: "#", a JSON Pointer "#/...", an "$anchor" / "#name" id, each
-- optionally after the root's own "$id". Null when it names nothing there (remote documents are not fetched).
CREATE FUNCTION @extschema@._jsonschema_resolve(root jsonb, ref text) RETURNS jsonb
LANGUAGE sql IMMUTABLE PARALLEL SAFE
AS $$
  SELECT CASE
    WHEN fragment IS NULL THEN NULL
    WHEN fragment = '' THEN root
    WHEN left(fragment, 1) = '/' THEN root #> (
      SELECT coalesce(array_agg(replace(replace(replace(token, '%25', '%'), '~1', '/'), '~0', '~') ORDER BY n), '{}')
      FROM unnest(string_to_array(substr(fragment, 2), '/')) WITH ORDINALITY AS t(token, n))
    ELSE jsonb_path_query_first(root, 'strict $.** ? (@."$anchor" == $name || @."$id" == $id)',
                                jsonb_build_object('name', fragment, 'id', '#' || fragment))
  END
  FROM (SELECT CASE
          WHEN left(ref, 1) = '#' THEN substr(ref, 2)
          WHEN ref = root ->> '$id' THEN ''
          WHEN left(ref, length(root ->> '$id') + 1) = (root ->> '$id') || '#' THEN substr(ref, length(root ->> '$id') + 2)
        END AS fragment) AS parsed
$$;

-- The first thing that makes `schema` (at `path` within `root`) no valid JSON Schema: {message, path}, or null.
CREATE FUNCTION @extschema@._jsonschema_problem(schema jsonb, root jsonb, path text) RETURNS text[]
LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE
AS $$
DECLARE
  keyword text;
  arg jsonb;
  kind text;
  here text;
  entry record;
  problem text[];
BEGIN
  IF jsonb_typeof(schema) = 'boolean' THEN
    RETURN NULL;
  ELSIF jsonb_typeof(schema) <> 'object' THEN
    RETURN ARRAY[format('%s is not of types "boolean", "object"', schema), path];
  END IF;
  FOR keyword, arg IN SELECT * FROM jsonb_each(schema) LOOP
    kind := jsonb_typeof(arg);
    here := path || '/' || replace(replace(keyword, '~', '~0'), '/', '~1');
    IF keyword IN ('additionalProperties', 'additionalItems', 'not', 'if', 'then', 'else', 'contains', 'propertyNames',
                   'unevaluatedProperties', 'unevaluatedItems') THEN
      problem := @extschema@._jsonschema_problem(arg, root, here);
    ELSIF keyword = 'items' AND kind = 'array' OR keyword IN ('prefixItems', 'allOf', 'anyOf', 'oneOf') THEN
      IF kind <> 'array' OR (keyword <> 'items' AND jsonb_array_length(arg) = 0) THEN
        RETURN ARRAY[format('%s is not a non-empty array of schemas', arg), here];
      END IF;
      FOR entry IN SELECT * FROM jsonb_array_elements(arg) WITH ORDINALITY AS e(item, n) LOOP
        problem := @extschema@._jsonschema_problem(entry.item, root, here || '/' || (entry.n - 1));
        EXIT WHEN problem IS NOT NULL;
      END LOOP;
    ELSIF keyword = 'items' THEN
      problem := @extschema@._jsonschema_problem(arg, root, here);
    ELSIF keyword IN ('properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas', 'dependencies') THEN
      IF kind <> 'object' THEN
        RETURN ARRAY[format('%s is not of type "object"', arg), here];
      END IF;
      FOR entry IN SELECT * FROM jsonb_each(arg) LOOP
        IF keyword = 'patternProperties' AND @extschema@._jsonschema_regex_problem(entry.key) IS NOT NULL THEN
          RETURN ARRAY[format('%s is not a valid regular expression: %s', to_jsonb(entry.key),
                              @extschema@._jsonschema_regex_problem(entry.key)), here];
        ELSIF keyword = 'dependencies' AND jsonb_typeof(entry.value) = 'array' THEN
          problem := @extschema@._jsonschema_problem(jsonb_build_object('required', entry.value), root, here);
        ELSE
          problem := @extschema@._jsonschema_problem(entry.value, root,
                                                     here || '/' || replace(replace(entry.key, '~', '~0'), '/', '~1'));
        END IF;
        EXIT WHEN problem IS NOT NULL;
      END LOOP;
    ELSIF keyword = 'dependentRequired' THEN
      IF kind <> 'object' THEN
        RETURN ARRAY[format('%s is not of type "object"', arg), here];
      END IF;
      SELECT @extschema@._jsonschema_problem(jsonb_build_object('required', d.value), root, here) INTO problem
      FROM jsonb_each(arg) AS d
      WHERE @extschema@._jsonschema_problem(jsonb_build_object('required', d.value), root, here) IS NOT NULL LIMIT 1;
    ELSIF keyword = 'type' THEN
      IF NOT (kind = 'string' AND arg #>> '{}' IN ('array', 'boolean', 'integer', 'null', 'number', 'object', 'string')
              OR kind = 'array' AND jsonb_array_length(arg) > 0 AND NOT EXISTS (
                SELECT FROM jsonb_array_elements(arg) AS t(name)
                WHERE t.name NOT IN ('"array"', '"boolean"', '"integer"', '"null"', '"number"', '"object"', '"string"'))) THEN
        RETURN ARRAY[format('%s is not a JSON Schema type nor a list of them', arg), here];
      END IF;
    ELSIF keyword IN ('required', 'enum') AND kind <> 'array' THEN
      RETURN ARRAY[format('%s is not of type "array"', arg), here];
    ELSIF keyword = 'required' AND EXISTS (SELECT FROM jsonb_array_elements(arg) AS r(name)
                                           WHERE jsonb_typeof(r.name) <> 'string') THEN
      RETURN ARRAY[format('%s is not an array of property names', arg), here];
    ELSIF keyword IN ('minLength', 'maxLength', 'minItems', 'maxItems', 'minProperties', 'maxProperties', 'minContains',
                      'maxContains')
          AND NOT (kind = 'number' AND arg::numeric >= 0 AND arg::numeric = trunc(arg::numeric)) THEN
      RETURN ARRAY[format('%s is not a non-negative integer', arg), here];
    ELSIF keyword IN ('minimum', 'maximum') AND kind <> 'number'
          OR keyword IN ('exclusiveMinimum', 'exclusiveMaximum') AND kind NOT IN ('number', 'boolean') THEN
      RETURN ARRAY[format('%s is not of type "number"', arg), here];
    ELSIF keyword = 'multipleOf' AND NOT (kind = 'number' AND arg::numeric > 0) THEN
      RETURN ARRAY[format('%s is not a number greater than 0', arg), here];
    ELSIF keyword = 'uniqueItems' AND kind <> 'boolean' THEN
      RETURN ARRAY[format('%s is not of type "boolean"', arg), here];
    ELSIF keyword IN ('pattern', 'format', '$ref', '$schema', '$id', '$anchor') AND kind <> 'string' THEN
      RETURN ARRAY[format('%s is not of type "string"', arg), here];
    ELSIF keyword = 'pattern' AND @extschema@._jsonschema_regex_problem(arg #>> '{}') IS NOT NULL THEN
      RETURN ARRAY[format('%s is not a valid regular expression: %s', arg,
                          @extschema@._jsonschema_regex_problem(arg #>> '{}')), here];
    ELSIF keyword = '$ref' AND @extschema@._jsonschema_resolve(root, arg #>> '{}') IS NULL THEN
      RETURN ARRAY[format('Invalid reference: %s (only references within the schema are resolved)', arg #>> '{}'),
                   here];
    END IF;
    IF problem IS NOT NULL THEN
      RETURN problem;
    END IF;
  END LOOP;
  RETURN NULL;
END
$$;

CREATE FUNCTION @extschema@._jsonschema_has_type(instance jsonb, name text) RETURNS boolean
LANGUAGE sql IMMUTABLE PARALLEL SAFE
AS $$
  SELECT CASE name
    WHEN 'integer' THEN jsonb_typeof(instance) = 'number' AND instance::numeric = trunc(instance::numeric)
    ELSE jsonb_typeof(instance) = name END
$$;

-- Whether a string is of a format; formats not named here are not checked, as the specification allows.
CREATE FUNCTION @extschema@._jsonschema_has_format(value text, format text) RETURNS boolean
LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE
AS $$
BEGIN
  CASE format
  WHEN 'date' THEN
    RETURN value ~ '^\d{4}-\d{2}-\d{2}$' AND value::date IS NOT NULL;
  WHEN 'date-time' THEN
    RETURN value ~ '^\d{4}-\d{2}-\d{2}[Tt]\d{2}:\d{2}:\d{2}(\.\d+)?([Zz]|[+-]\d{2}:\d{2})$'
           AND value::timestamptz IS NOT NULL;
  WHEN 'time' THEN
    RETURN value ~ '^([01]\d|2[0-3]):\d{2}:\d{2}(\.\d+)?([Zz]|[+-]\d{2}:\d{2})$' AND value::timetz IS NOT NULL;
  WHEN 'email' THEN
    RETURN value ~ '^[^@\s]+@[^@\s]+$';
  WHEN 'ipv4' THEN
    RETURN value ~ '^\d{1,3}(\.\d{1,3}){3}$' AND family(value::inet) = 4;
  WHEN 'ipv6' THEN
    RETURN value ~ '^[0-9A-Fa-f:.]*:[0-9A-Fa-f:.]*$' AND family(value::inet) = 6;
  WHEN 'uuid' THEN
    RETURN value ~ '^[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12}$';
  WHEN 'hostname' THEN
    RETURN length(value) <= 253
           AND value ~ '^[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?(\.[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*$';
  WHEN 'uri' THEN
    RETURN value ~ '^[A-Za-z][A-Za-z0-9+.-]*:[^\s]*$';
  WHEN 'json-pointer' THEN
    RETURN value ~ '^(/([^~/]|~[01])*)*$';
  WHEN 'regex' THEN
    RETURN @extschema@._jsonschema_regex_problem(value) IS NULL;
  ELSE
    RETURN true;
  END CASE;
EXCEPTION WHEN data_exception THEN
  RETURN false;
END
$$;

-- The errors of `instance` against `schema` (a valid one), in the original's wording; with all_errors false, at
-- most the first (enough to know whether it matches).
CREATE FUNCTION @extschema@._jsonschema_errors(schema jsonb, instance jsonb, root jsonb, draft integer,
                                               all_errors boolean, depth integer) RETURNS text[]
LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE
AS $$
DECLARE
  errors text[] := '{}';
  kind text := jsonb_typeof(instance);
  keyword text;
  arg jsonb;
  number numeric;
  tally integer;
  least_contained numeric;
  first_extra integer;
  entry record;
  unexpected text[];
BEGIN
  IF schema = 'true' THEN
    RETURN errors;
  ELSIF schema = 'false' THEN
    RETURN ARRAY[format('False schema does not allow %s', instance)];
  ELSIF depth > 200 THEN
    RAISE EXCEPTION 'JSON schema nests more than 200 levels deep: a "$ref" that refers to itself?'
      USING ERRCODE = 'invalid_parameter_value';
  END IF;
  -- Up to draft 7, keywords beside "$ref" are ignored.
  IF draft < 2019 AND schema ? '$ref' THEN
    RETURN @extschema@._jsonschema_errors(@extschema@._jsonschema_resolve(root, schema ->> '$ref'), instance, root, draft,
                                          all_errors, depth + 1);
  END IF;
  IF kind = 'number' THEN
    number := instance::numeric;
  END IF;
  FOR keyword, arg IN SELECT * FROM jsonb_each(schema) LOOP
    CASE
    WHEN keyword = 'type' THEN
      IF jsonb_typeof(arg) = 'string' AND NOT @extschema@._jsonschema_has_type(instance, arg #>> '{}') THEN
        errors := errors || format('%s is not of type %s', instance, arg);
      ELSIF jsonb_typeof(arg) = 'array' AND NOT EXISTS (
          SELECT FROM jsonb_array_elements_text(arg) AS t(name) WHERE @extschema@._jsonschema_has_type(instance, t.name)) THEN
        errors := errors || (SELECT format('%s is not of types %s', instance, string_agg(t.name::text, ', ' ORDER BY t.name::text))
                             FROM jsonb_array_elements(arg) AS t(name));
      END IF;
    WHEN kind = 'object' AND keyword = 'properties' THEN
      FOR entry IN SELECT p.key, p.value, instance -> p.key AS member FROM jsonb_each(arg) AS p WHERE instance ? p.key LOOP
        errors := errors || @extschema@._jsonschema_errors(entry.value, entry.member, root, draft, all_errors, depth + 1);
        EXIT WHEN NOT all_errors AND cardinality(errors) > 0;
      END LOOP;
    WHEN kind = 'object' AND keyword = 'required' THEN
      errors := errors || ARRAY(SELECT format('%s is a required property', r.name)
                                FROM jsonb_array_elements(arg) AS r(name) WHERE NOT instance ? (r.name #>> '{}'));
    WHEN kind = 'array' AND keyword IN ('items', 'prefixItems', 'additionalItems') THEN
      IF keyword = 'additionalItems' AND jsonb_typeof(schema -> 'items') IS DISTINCT FROM 'array' THEN
        CONTINUE;  -- only applies after the tuple form of "items"
      END IF;
      -- Elements from first_extra on are checked against the one schema `arg`; those before, against the tuple.
      first_extra := CASE
        WHEN keyword = 'prefixItems' OR jsonb_typeof(arg) = 'array' THEN NULL
        WHEN keyword = 'additionalItems' THEN jsonb_array_length(schema -> 'items')
        WHEN schema ? 'prefixItems' THEN jsonb_array_length(schema -> 'prefixItems')
        ELSE 0 END;
      IF first_extra IS NOT NULL AND arg = 'false' AND jsonb_array_length(instance) > first_extra THEN
        errors := errors || (SELECT format('Additional items are not allowed (%s %s unexpected)',
                                           string_agg(e::text, ', ' ORDER BY n), CASE WHEN count(*) = 1 THEN 'was' ELSE 'were' END)
                             FROM jsonb_array_elements(instance) WITH ORDINALITY AS x(e, n) WHERE n > first_extra);
      ELSE
        FOR entry IN SELECT x.e, x.n FROM jsonb_array_elements(instance) WITH ORDINALITY AS x(e, n)
                     WHERE CASE WHEN first_extra IS NULL THEN x.n <= jsonb_array_length(arg) ELSE x.n > first_extra END
        LOOP
          errors := errors || @extschema@._jsonschema_errors(
            CASE WHEN first_extra IS NULL THEN arg -> (entry.n::integer - 1) ELSE arg END, entry.e, root, draft,
            all_errors, depth + 1);
          EXIT WHEN NOT all_errors AND cardinality(errors) > 0;
        END LOOP;
      END IF;
    WHEN keyword = '$ref' THEN
      errors := errors || @extschema@._jsonschema_errors(@extschema@._jsonschema_resolve(root, arg #>> '{}'), instance,
                                                         root, draft, all_errors, depth + 1);
    WHEN keyword = 'enum' THEN
      IF NOT EXISTS (SELECT FROM jsonb_array_elements(arg) AS e(option) WHERE e.option = instance) THEN
        errors := errors || format('%s is not one of %s', instance, arg);
      END IF;
    WHEN keyword = 'const' THEN
      IF arg <> instance THEN
        errors := errors || format('%s was expected', arg);
      END IF;
    WHEN keyword = 'allOf' THEN
      FOR entry IN SELECT * FROM jsonb_array_elements(arg) AS s(subschema) LOOP
        errors := errors || @extschema@._jsonschema_errors(entry.subschema, instance, root, draft, all_errors, depth + 1);
        EXIT WHEN NOT all_errors AND cardinality(errors) > 0;
      END LOOP;
    WHEN keyword IN ('anyOf', 'oneOf') THEN
      tally := 0;
      FOR entry IN SELECT * FROM jsonb_array_elements(arg) AS s(subschema) LOOP
        IF cardinality(@extschema@._jsonschema_errors(entry.subschema, instance, root, draft, false, depth + 1)) = 0 THEN
          tally := tally + 1;
          EXIT WHEN keyword = 'anyOf' OR tally > 1;
        END IF;
      END LOOP;
      IF tally = 0 THEN
        errors := errors || format('%s is not valid under any of the given schemas', instance);
      ELSIF tally > 1 THEN
        errors := errors || format('%s is valid under more than one of the given schemas', instance);
      END IF;
    WHEN keyword = 'not' THEN
      IF cardinality(@extschema@._jsonschema_errors(arg, instance, root, draft, false, depth + 1)) = 0 THEN
        errors := errors || format('%s is not allowed for %s', arg, instance);
      END IF;
    WHEN keyword = 'if' THEN
      IF cardinality(@extschema@._jsonschema_errors(arg, instance, root, draft, false, depth + 1)) = 0 THEN
        IF schema ? 'then' THEN
          errors := errors || @extschema@._jsonschema_errors(schema -> 'then', instance, root, draft, all_errors, depth + 1);
        END IF;
      ELSIF schema ? 'else' THEN
        errors := errors || @extschema@._jsonschema_errors(schema -> 'else', instance, root, draft, all_errors, depth + 1);
      END IF;
    WHEN kind = 'number' AND keyword IN ('minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf')
         AND jsonb_typeof(arg) = 'number' THEN
      -- Draft 4's boolean exclusiveMinimum/exclusiveMaximum make minimum/maximum exclusive.
      IF keyword = 'exclusiveMinimum' OR keyword = 'minimum' AND schema -> 'exclusiveMinimum' = 'true' THEN
        IF number <= arg::numeric THEN
          errors := errors || format('%s is less than or equal to the minimum of %s', instance, arg);
        END IF;
      ELSIF keyword = 'exclusiveMaximum' OR keyword = 'maximum' AND schema -> 'exclusiveMaximum' = 'true' THEN
        IF number >= arg::numeric THEN
          errors := errors || format('%s is greater than or equal to the maximum of %s', instance, arg);
        END IF;
      ELSIF keyword = 'minimum' AND number < arg::numeric THEN
        errors := errors || format('%s is less than the minimum of %s', instance, arg);
      ELSIF keyword = 'maximum' AND number > arg::numeric THEN
        errors := errors || format('%s is greater than the maximum of %s', instance, arg);
      ELSIF keyword = 'multipleOf' AND number % arg::numeric <> 0 THEN
        errors := errors || format('%s is not a multiple of %s', instance, arg);
      END IF;
    WHEN kind = 'string' AND keyword IN ('minLength', 'maxLength', 'pattern', 'format') THEN
      IF keyword = 'minLength' AND length(instance #>> '{}') < arg::numeric THEN
        errors := errors || format('%s is shorter than %s character%s', instance, arg,
                                   CASE WHEN arg::numeric = 1 THEN '' ELSE 's' END);
      ELSIF keyword = 'maxLength' AND length(instance #>> '{}') > arg::numeric THEN
        errors := errors || format('%s is longer than %s character%s', instance, arg,
                                   CASE WHEN arg::numeric = 1 THEN '' ELSE 's' END);
      ELSIF keyword = 'pattern' AND NOT (instance #>> '{}') ~ (arg #>> '{}') THEN
        errors := errors || format('%s does not match "%s"', instance, arg #>> '{}');
      ELSIF keyword = 'format' AND NOT @extschema@._jsonschema_has_format(instance #>> '{}', arg #>> '{}') THEN
        errors := errors || format('%s is not a "%s"', instance, arg #>> '{}');
      END IF;
    WHEN kind = 'array' AND keyword IN ('minItems', 'maxItems') THEN
      IF keyword = 'minItems' AND jsonb_array_length(instance) < arg::numeric THEN
        errors := errors || format('%s has less than %s item%s', instance, arg,
                                   CASE WHEN arg::numeric = 1 THEN '' ELSE 's' END);
      ELSIF keyword = 'maxItems' AND jsonb_array_length(instance) > arg::numeric THEN
        errors := errors || format('%s has more than %s item%s', instance, arg,
                                   CASE WHEN arg::numeric = 1 THEN '' ELSE 's' END);
      END IF;
    WHEN kind = 'array' AND keyword = 'uniqueItems' THEN
      IF arg = 'true' AND (SELECT count(DISTINCT e) < count(*) FROM jsonb_array_elements(instance) AS e) THEN
        errors := errors || format('%s has non-unique elements', instance);
      END IF;
    WHEN kind = 'array' AND keyword = 'contains' THEN
      SELECT count(*) INTO tally FROM jsonb_array_elements(instance) AS x(e)
      WHERE cardinality(@extschema@._jsonschema_errors(arg, x.e, root, draft, false, depth + 1)) = 0;
      least_contained := CASE WHEN draft >= 2019 THEN coalesce((schema ->> 'minContains')::numeric, 1) ELSE 1 END;
      IF tally < least_contained THEN
        errors := errors || format('None of %s are valid under the given schema', instance);
      ELSIF draft >= 2019 AND tally > (schema ->> 'maxContains')::numeric THEN
        errors := errors || format('%s has more than %s items valid under the given schema', instance,
                                   schema -> 'maxContains');
      END IF;
    WHEN kind = 'object' AND keyword IN ('minProperties', 'maxProperties') THEN
      tally := (SELECT count(*) FROM jsonb_object_keys(instance));
      IF keyword = 'minProperties' AND tally < arg::numeric THEN
        errors := errors || format('%s has less than %s propert%s', instance, arg,
                                   CASE WHEN arg::numeric = 1 THEN 'y' ELSE 'ies' END);
      ELSIF keyword = 'maxProperties' AND tally > arg::numeric THEN
        errors := errors || format('%s has more than %s propert%s', instance, arg,
                                   CASE WHEN arg::numeric = 1 THEN 'y' ELSE 'ies' END);
      END IF;
    WHEN kind = 'object' AND keyword = 'patternProperties' THEN
      FOR entry IN SELECT p.value AS subschema, m.value AS member
                   FROM jsonb_each(arg) AS p, jsonb_each(instance) AS m WHERE m.key ~ p.key LOOP
        errors := errors || @extschema@._jsonschema_errors(entry.subschema, entry.member, root, draft, all_errors, depth + 1);
        EXIT WHEN NOT all_errors AND cardinality(errors) > 0;
      END LOOP;
    WHEN kind = 'object' AND keyword = 'additionalProperties' THEN
      IF arg = 'false' THEN
        unexpected := ARRAY(SELECT m.key FROM jsonb_each(instance) AS m
                            WHERE NOT coalesce(schema -> 'properties' ? m.key, false)
                              AND NOT EXISTS (SELECT FROM jsonb_object_keys(schema -> 'patternProperties') AS p(pattern)
                                              WHERE m.key ~ p.pattern)
                            ORDER BY m.key);
        IF cardinality(unexpected) > 0 THEN
          errors := errors || format('Additional properties are not allowed (%s %s unexpected)',
                                     (SELECT string_agg(format('''%s''', u), ', ') FROM unnest(unexpected) AS u),
                                     CASE WHEN cardinality(unexpected) = 1 THEN 'was' ELSE 'were' END);
        END IF;
      ELSE
        FOR entry IN SELECT m.value AS member FROM jsonb_each(instance) AS m
                     WHERE NOT coalesce(schema -> 'properties' ? m.key, false)
                       AND NOT EXISTS (SELECT FROM jsonb_object_keys(schema -> 'patternProperties') AS p(pattern)
                                       WHERE m.key ~ p.pattern) LOOP
          errors := errors || @extschema@._jsonschema_errors(arg, entry.member, root, draft, all_errors, depth + 1);
          EXIT WHEN NOT all_errors AND cardinality(errors) > 0;
        END LOOP;
      END IF;
    WHEN kind = 'object' AND keyword = 'propertyNames' THEN
      FOR entry IN SELECT to_jsonb(k) AS name FROM jsonb_object_keys(instance) AS k LOOP
        errors := errors || @extschema@._jsonschema_errors(arg, entry.name, root, draft, all_errors, depth + 1);
        EXIT WHEN NOT all_errors AND cardinality(errors) > 0;
      END LOOP;
    WHEN kind = 'object' AND keyword IN ('dependencies', 'dependentRequired', 'dependentSchemas') THEN
      FOR entry IN SELECT d.value AS dependency FROM jsonb_each(arg) AS d WHERE instance ? d.key LOOP
        errors := errors || @extschema@._jsonschema_errors(
          CASE WHEN jsonb_typeof(entry.dependency) = 'array' THEN jsonb_build_object('required', entry.dependency)
               ELSE entry.dependency END, instance, root, draft, all_errors, depth + 1);
        EXIT WHEN NOT all_errors AND cardinality(errors) > 0;
      END LOOP;
    ELSE
      NULL;  -- annotations, unknown keywords, and keywords of other types than the instance's
    END CASE;
    IF NOT all_errors AND cardinality(errors) > 0 THEN
      RETURN errors;
    END IF;
  END LOOP;
  RETURN errors;
END
$$;

-- All the errors of `instance` against `schema`, or (all_errors false) the first; an invalid schema is an error.
-- The session remembers the last schema found valid, so a check constraint checks its schema once, not on every row
-- (parallel restricted, as a worker cannot set it).
CREATE FUNCTION @extschema@._jsonschema_validate(schema jsonb, instance jsonb, all_errors boolean) RETURNS text[]
LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL RESTRICTED
AS $$
DECLARE
  problem text[];
  digest text := md5(schema::text);
BEGIN
  IF current_setting('pg_jsonschema.valid_schema', true) IS DISTINCT FROM digest THEN
    problem := @extschema@._jsonschema_problem(schema, schema, '');
    IF problem IS NOT NULL THEN
      RAISE EXCEPTION 'Invalid JSON schema: %', problem[1]
        USING ERRCODE = 'invalid_parameter_value', DETAIL = format('At schema path "%s".', problem[2]);
    END IF;
    PERFORM set_config('pg_jsonschema.valid_schema', digest, false);
  END IF;
  RETURN @extschema@._jsonschema_errors(schema, instance, schema, @extschema@._jsonschema_draft(schema), all_errors, 0);
END
$$;

CREATE FUNCTION @extschema@.json_matches_schema(schema json, instance json) RETURNS boolean
LANGUAGE sql IMMUTABLE STRICT PARALLEL RESTRICTED
AS $$ SELECT cardinality(@extschema@._jsonschema_validate(schema::jsonb, instance::jsonb, false)) = 0 $$;

CREATE FUNCTION @extschema@.jsonb_matches_schema(schema json, instance jsonb) RETURNS boolean
LANGUAGE sql IMMUTABLE STRICT PARALLEL RESTRICTED
AS $$ SELECT cardinality(@extschema@._jsonschema_validate(schema::jsonb, instance, false)) = 0 $$;

CREATE FUNCTION @extschema@.jsonschema_is_valid(schema json) RETURNS boolean
LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE
AS $$
DECLARE
  problem text[] := @extschema@._jsonschema_problem(schema::jsonb, schema::jsonb, '');
BEGIN
  IF problem IS NULL THEN
    RETURN true;
  END IF;
  IF problem[2] <> '' THEN
    RAISE NOTICE 'Invalid JSON schema at path: %', problem[2];
  END IF;
  RETURN false;
END
$$;

CREATE FUNCTION @extschema@.jsonschema_validation_errors(schema json, instance json) RETURNS text[]
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $$
  SELECT CASE WHEN problem IS NULL
    THEN @extschema@._jsonschema_errors(schema::jsonb, instance::jsonb, schema::jsonb,
                                        @extschema@._jsonschema_draft(schema::jsonb), true, 0)
    ELSE ARRAY[problem[1]] END
  FROM (SELECT @extschema@._jsonschema_problem(schema::jsonb, schema::jsonb, '') AS problem) AS checked
$$;
