/*
 * pgsodium's libsodium functions, and the server's root key that Vault and pgsodium derive their keys from.
 *
 * The root key is 32 random bytes (64 hexadecimal digits) in a file outside the database, named by the
 * superuser-only setting pgsodium.root_key_file (relative paths are in the data directory). The first backend
 * that needs it and finds no file creates one, readable only by the server's system user. SQL never sees it: the
 * functions that take a key id derive that key from it inside this module.
 *
 * The deterministic AEAD (crypto_aead_det_*) is a synthetic-IV construction on libsodium's primitives: the IV is
 * a keyed BLAKE2b of the additional data, the nonce and the message (16 bytes, first in the output), and the
 * message is encrypted with XChaCha20 under that IV; the two keys are derived from the given one. Same inputs give
 * the same output, and a wrong key, nonce, additional data or a changed byte fails authentication.
 */
#include "postgres.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <sodium.h>

#include "access/htup_details.h"
#include "fmgr.h"
#include "funcapi.h"
#include "miscadmin.h"
#include "utils/builtins.h"
#include "utils/guc.h"
#include "utils/lsyscache.h"
#if PG_VERSION_NUM >= 160000
#include "varatt.h"
#endif

PG_MODULE_MAGIC;

#define ROOT_KEY_BYTES 32
#define DET_KEY_BYTES 32
#define DET_IV_BYTES 16
#define DET_NONCE_BYTES 16

static char *root_key_file = NULL;
static unsigned char *root_key = NULL; /* sodium_malloc'd: locked, never swapped */
static char *root_key_loaded_from = NULL;

void _PG_init(void);

void
_PG_init(void)
{
	if (sodium_init() < 0)
		ereport(ERROR, (errmsg("pgsodium: libsodium could not be initialised")));
	DefineCustomStringVariable("pgsodium.root_key_file",
							   "The file holding the server's root key (64 hexadecimal digits), created if absent.",
							   "Relative paths are in the data directory.",
							   &root_key_file, "pgsodium_root.key", PGC_SUSET, 0, NULL, NULL, NULL);
	MarkGUCPrefixReserved("pgsodium");
}

static bytea *
new_bytea(size_t len)
{
	bytea	   *result = palloc(VARHDRSZ + len);

	SET_VARSIZE(result, VARHDRSZ + len);
	return result;
}

static bytea *
bytea_of(const unsigned char *data, size_t len)
{
	bytea	   *result = new_bytea(len);

	memcpy(VARDATA(result), data, len);
	return result;
}

#define DATA(b) ((unsigned char *) VARDATA_ANY(b))
#define LEN(b) VARSIZE_ANY_EXHDR(b)
#define ARG_OR_NULL(n) (PG_NARGS() > (n) && !PG_ARGISNULL(n) ? PG_GETARG_BYTEA_PP(n) : NULL)

static void
require_length(const char *what, bytea *value, size_t expected)
{
	if (LEN(value) != expected)
		ereport(ERROR, (errcode(ERRCODE_INVALID_PARAMETER_VALUE),
						errmsg("%s must be %zu bytes, not %zu", what, expected, (size_t) LEN(value))));
}

/* ---- the root key ---- */

/* Writes a new root key to a file of its own, then links it into place: a concurrent backend either sees no
 * file or a whole one, and the loser of a race reads the winner's key. */
static void
create_root_key(const char *path)
{
	unsigned char key[ROOT_KEY_BYTES];
	char		hex[ROOT_KEY_BYTES * 2 + 2];
	char	   *partial = psprintf("%s.%d.partial", path, MyProcPid);
	int			fd;
	bool		written;

	randombytes_buf(key, sizeof(key));
	sodium_bin2hex(hex, sizeof(hex), key, sizeof(key));
	sodium_memzero(key, sizeof(key));
	strcat(hex, "\n");
	fd = open(partial, O_WRONLY | O_CREAT | O_EXCL, S_IRUSR | S_IWUSR);
	if (fd < 0)
		ereport(ERROR, (errcode_for_file_access(),
						errmsg("could not create the root key file \"%s\": %m", partial)));
	written = write(fd, hex, strlen(hex)) == (ssize_t) strlen(hex) && fsync(fd) == 0;
	sodium_memzero(hex, sizeof(hex));
	close(fd);
	if (!written || (link(partial, path) != 0 && errno != EEXIST))
	{
		int			saved = errno;

		unlink(partial);
		errno = saved;
		ereport(ERROR, (errcode_for_file_access(),
						errmsg("could not write the root key file \"%s\": %m", path)));
	}
	unlink(partial);
}

static void
forget_root_key(void)
{
	if (root_key_loaded_from)
		pfree(root_key_loaded_from);
	root_key_loaded_from = NULL;
	if (root_key)
		sodium_free(root_key);
	root_key = NULL;
}

static const unsigned char *
server_root_key(void)
{
	char		hex[ROOT_KEY_BYTES * 2 + 2];
	ssize_t		got;
	size_t		hex_len;
	int			fd;

	if (root_key != NULL && strcmp(root_key_loaded_from, root_key_file) == 0)
		return root_key;
	forget_root_key();
	fd = open(root_key_file, O_RDONLY);
	if (fd < 0 && errno == ENOENT)
	{
		create_root_key(root_key_file);
		fd = open(root_key_file, O_RDONLY);
	}
	if (fd < 0)
		ereport(ERROR, (errcode_for_file_access(),
						errmsg("could not open the root key file \"%s\": %m", root_key_file)));
	got = read(fd, hex, sizeof(hex));
	close(fd);
	hex_len = got > 0 ? (size_t) got : 0;
	while (hex_len > 0 && (hex[hex_len - 1] == '\n' || hex[hex_len - 1] == '\r'))
		hex_len--;
	root_key = sodium_malloc(ROOT_KEY_BYTES);
	if (root_key == NULL)
		ereport(ERROR, (errcode(ERRCODE_OUT_OF_MEMORY), errmsg("pgsodium: could not allocate the root key")));
	if (hex_len != ROOT_KEY_BYTES * 2
		|| sodium_hex2bin(root_key, ROOT_KEY_BYTES, hex, hex_len, NULL, NULL, NULL) != 0)
	{
		sodium_memzero(hex, sizeof(hex));
		forget_root_key();
		ereport(ERROR, (errcode(ERRCODE_CONFIG_FILE_ERROR),
						errmsg("the root key file \"%s\" does not hold a key (64 hexadecimal digits)", root_key_file)));
	}
	sodium_memzero(hex, sizeof(hex));
	root_key_loaded_from = MemoryContextStrdup(TopMemoryContext, root_key_file);
	return root_key;
}

/* pgsodium's derive_key: the subkey key_id of the root key, in a context of up to 8 bytes. */
static void
derive_key(unsigned char *out, size_t len, int64 key_id, bytea *context)
{
	char		ctx[crypto_kdf_CONTEXTBYTES] = {0};

	if (len < crypto_kdf_BYTES_MIN || len > crypto_kdf_BYTES_MAX)
		ereport(ERROR, (errcode(ERRCODE_INVALID_PARAMETER_VALUE),
						errmsg("key length must be between %d and %d bytes", crypto_kdf_BYTES_MIN, crypto_kdf_BYTES_MAX)));
	if (LEN(context) > crypto_kdf_CONTEXTBYTES)
		ereport(ERROR, (errcode(ERRCODE_INVALID_PARAMETER_VALUE),
						errmsg("key context must be at most %d bytes", crypto_kdf_CONTEXTBYTES)));
	memcpy(ctx, DATA(context), LEN(context));
	crypto_kdf_derive_from_key(out, len, (uint64) key_id, ctx, server_root_key());
}

PG_FUNCTION_INFO_V1(pgsodium_derive_key);
Datum
pgsodium_derive_key(PG_FUNCTION_ARGS)
{
	int32		len = PG_GETARG_INT32(1);
	bytea	   *result;

	if (len < crypto_kdf_BYTES_MIN || len > crypto_kdf_BYTES_MAX)
		ereport(ERROR, (errcode(ERRCODE_INVALID_PARAMETER_VALUE),
						errmsg("key length must be between %d and %d bytes", crypto_kdf_BYTES_MIN, crypto_kdf_BYTES_MAX)));
	result = new_bytea(len);
	derive_key(DATA(result), len, PG_GETARG_INT64(0), PG_GETARG_BYTEA_PP(2));
	PG_RETURN_BYTEA_P(result);
}

/* ---- random bytes ---- */

static Datum
random_bytea(size_t len)
{
	bytea	   *result = new_bytea(len);

	randombytes_buf(DATA(result), len);
	PG_RETURN_BYTEA_P(result);
}

PG_FUNCTION_INFO_V1(pgsodium_randombytes_random);
Datum
pgsodium_randombytes_random(PG_FUNCTION_ARGS)
{
	PG_RETURN_INT32((int32) randombytes_random());
}

PG_FUNCTION_INFO_V1(pgsodium_randombytes_uniform);
Datum
pgsodium_randombytes_uniform(PG_FUNCTION_ARGS)
{
	int32		upper = PG_GETARG_INT32(0);

	if (upper <= 0)
		ereport(ERROR, (errcode(ERRCODE_INVALID_PARAMETER_VALUE), errmsg("upper_bound must be positive")));
	PG_RETURN_INT32((int32) randombytes_uniform((uint32) upper));
}

PG_FUNCTION_INFO_V1(pgsodium_randombytes_buf);
Datum
pgsodium_randombytes_buf(PG_FUNCTION_ARGS)
{
	int32		size = PG_GETARG_INT32(0);

	if (size < 0)
		ereport(ERROR, (errcode(ERRCODE_INVALID_PARAMETER_VALUE), errmsg("size must not be negative")));
	return random_bytea(size);
}

/* crypto_secretbox_keygen, crypto_aead_det_keygen and crypto_auth_keygen: all take 32-byte keys. */
PG_FUNCTION_INFO_V1(pgsodium_keygen);
Datum
pgsodium_keygen(PG_FUNCTION_ARGS)
{
	StaticAssertStmt(crypto_secretbox_KEYBYTES == DET_KEY_BYTES && crypto_auth_KEYBYTES == DET_KEY_BYTES,
					 "one keygen serves them all");
	return random_bytea(DET_KEY_BYTES);
}

PG_FUNCTION_INFO_V1(pgsodium_crypto_secretbox_noncegen);
Datum
pgsodium_crypto_secretbox_noncegen(PG_FUNCTION_ARGS)
{
	return random_bytea(crypto_secretbox_NONCEBYTES);
}

PG_FUNCTION_INFO_V1(pgsodium_crypto_aead_det_noncegen);
Datum
pgsodium_crypto_aead_det_noncegen(PG_FUNCTION_ARGS)
{
	return random_bytea(DET_NONCE_BYTES);
}

/* ---- secretbox (XSalsa20-Poly1305) ---- */

/* The ciphers in one shape, so that the key-id functions share under_derived_key; secretbox has no additional
 * data. */
typedef bytea *(*cipher_fn) (bytea *data, bytea *additional, bytea *nonce, const unsigned char *key);

/* Runs `cipher` under the key derived from (key_id, context), wiping the key even when the cipher fails. */
static bytea *
under_derived_key(cipher_fn cipher, bytea *data, bytea *additional, bytea *nonce, int64 key_id, bytea *context)
{
	unsigned char key[DET_KEY_BYTES];
	bytea	   *volatile result = NULL;

	derive_key(key, sizeof(key), key_id, context);
	PG_TRY();
	{
		result = cipher(data, additional, nonce, key);
	}
	PG_FINALLY();
	{
		sodium_memzero(key, sizeof(key));
	}
	PG_END_TRY();
	return result;
}

static bytea *
secretbox(bytea *message, bytea *additional, bytea *nonce, const unsigned char *key)
{
	bytea	   *result = new_bytea(crypto_secretbox_MACBYTES + LEN(message));

	require_length("nonce", nonce, crypto_secretbox_NONCEBYTES);
	crypto_secretbox_easy(DATA(result), DATA(message), LEN(message), DATA(nonce), key);
	return result;
}

static bytea *
secretbox_open(bytea *box, bytea *additional, bytea *nonce, const unsigned char *key)
{
	bytea	   *result;

	require_length("nonce", nonce, crypto_secretbox_NONCEBYTES);
	if (LEN(box) < crypto_secretbox_MACBYTES)
		ereport(ERROR, (errcode(ERRCODE_DATA_EXCEPTION), errmsg("invalid message")));
	result = new_bytea(LEN(box) - crypto_secretbox_MACBYTES);
	if (crypto_secretbox_open_easy(DATA(result), DATA(box), LEN(box), DATA(nonce), key) != 0)
		ereport(ERROR, (errcode(ERRCODE_DATA_EXCEPTION), errmsg("invalid message")));
	return result;
}

PG_FUNCTION_INFO_V1(pgsodium_crypto_secretbox);
Datum
pgsodium_crypto_secretbox(PG_FUNCTION_ARGS)
{
	bytea	   *key = PG_GETARG_BYTEA_PP(2);

	require_length("key", key, crypto_secretbox_KEYBYTES);
	PG_RETURN_BYTEA_P(secretbox(PG_GETARG_BYTEA_PP(0), NULL, PG_GETARG_BYTEA_PP(1), DATA(key)));
}

PG_FUNCTION_INFO_V1(pgsodium_crypto_secretbox_open);
Datum
pgsodium_crypto_secretbox_open(PG_FUNCTION_ARGS)
{
	bytea	   *key = PG_GETARG_BYTEA_PP(2);

	require_length("key", key, crypto_secretbox_KEYBYTES);
	PG_RETURN_BYTEA_P(secretbox_open(PG_GETARG_BYTEA_PP(0), NULL, PG_GETARG_BYTEA_PP(1), DATA(key)));
}

PG_FUNCTION_INFO_V1(pgsodium_crypto_secretbox_by_id);
Datum
pgsodium_crypto_secretbox_by_id(PG_FUNCTION_ARGS)
{
	PG_RETURN_BYTEA_P(under_derived_key(secretbox, PG_GETARG_BYTEA_PP(0), NULL, PG_GETARG_BYTEA_PP(1),
										PG_GETARG_INT64(2), PG_GETARG_BYTEA_PP(3)));
}

PG_FUNCTION_INFO_V1(pgsodium_crypto_secretbox_open_by_id);
Datum
pgsodium_crypto_secretbox_open_by_id(PG_FUNCTION_ARGS)
{
	PG_RETURN_BYTEA_P(under_derived_key(secretbox_open, PG_GETARG_BYTEA_PP(0), NULL, PG_GETARG_BYTEA_PP(1),
										PG_GETARG_INT64(2), PG_GETARG_BYTEA_PP(3)));
}

/* ---- deterministic AEAD (synthetic IV) ---- */

static void
absorb(crypto_generichash_state *state, const unsigned char *data, size_t len)
{
	unsigned char prefix[8];
	uint64		n = len;

	for (int i = 0; i < 8; i++, n >>= 8)
		prefix[i] = n & 0xff;
	crypto_generichash_update(state, prefix, sizeof(prefix));
	crypto_generichash_update(state, data, len);
}

static void
synthetic_iv(unsigned char *iv, const unsigned char *mac_key, bytea *additional, bytea *nonce,
			 const unsigned char *message, size_t message_len)
{
	crypto_generichash_state state;

	crypto_generichash_init(&state, mac_key, DET_KEY_BYTES, DET_IV_BYTES);
	absorb(&state, additional ? DATA(additional) : NULL, additional ? LEN(additional) : 0);
	absorb(&state, nonce ? DATA(nonce) : NULL, nonce ? LEN(nonce) : 0);
	absorb(&state, message, message_len);
	crypto_generichash_final(&state, iv, DET_IV_BYTES);
}

static void
det_subkeys(const unsigned char *key, unsigned char *mac_key, unsigned char *stream_key)
{
	crypto_kdf_derive_from_key(mac_key, DET_KEY_BYTES, 1, "detaead_", key);
	crypto_kdf_derive_from_key(stream_key, crypto_stream_xchacha20_KEYBYTES, 2, "detaead_", key);
}

static void
det_stream(unsigned char *out, const unsigned char *in, size_t len, const unsigned char *iv,
		   const unsigned char *stream_key)
{
	unsigned char stream_nonce[crypto_stream_xchacha20_NONCEBYTES] = {0};

	memcpy(stream_nonce, iv, DET_IV_BYTES);
	crypto_stream_xchacha20_xor(out, in, len, stream_nonce, stream_key);
}

static bytea *
det_encrypt(bytea *message, bytea *additional, bytea *nonce, const unsigned char *key)
{
	unsigned char mac_key[DET_KEY_BYTES];
	unsigned char stream_key[crypto_stream_xchacha20_KEYBYTES];
	bytea	   *result = new_bytea(DET_IV_BYTES + LEN(message));

	if (nonce)
		require_length("nonce", nonce, DET_NONCE_BYTES);
	det_subkeys(key, mac_key, stream_key);
	synthetic_iv(DATA(result), mac_key, additional, nonce, DATA(message), LEN(message));
	det_stream(DATA(result) + DET_IV_BYTES, DATA(message), LEN(message), DATA(result), stream_key);
	sodium_memzero(mac_key, sizeof(mac_key));
	sodium_memzero(stream_key, sizeof(stream_key));
	return result;
}

static bytea *
det_decrypt(bytea *ciphertext, bytea *additional, bytea *nonce, const unsigned char *key)
{
	unsigned char mac_key[DET_KEY_BYTES];
	unsigned char stream_key[crypto_stream_xchacha20_KEYBYTES];
	unsigned char iv[DET_IV_BYTES];
	bytea	   *result;
	bool		authentic;

	if (nonce)
		require_length("nonce", nonce, DET_NONCE_BYTES);
	if (LEN(ciphertext) < DET_IV_BYTES)
		ereport(ERROR, (errcode(ERRCODE_DATA_EXCEPTION), errmsg("invalid ciphertext")));
	result = new_bytea(LEN(ciphertext) - DET_IV_BYTES);
	det_subkeys(key, mac_key, stream_key);
	det_stream(DATA(result), DATA(ciphertext) + DET_IV_BYTES, LEN(result), DATA(ciphertext), stream_key);
	synthetic_iv(iv, mac_key, additional, nonce, DATA(result), LEN(result));
	authentic = sodium_memcmp(iv, DATA(ciphertext), DET_IV_BYTES) == 0;
	sodium_memzero(mac_key, sizeof(mac_key));
	sodium_memzero(stream_key, sizeof(stream_key));
	if (!authentic)
	{
		sodium_memzero(DATA(result), LEN(result));
		ereport(ERROR, (errcode(ERRCODE_DATA_EXCEPTION),
						errmsg("invalid ciphertext"),
						errdetail("It was not encrypted with this key, nonce and additional data, or it was altered.")));
	}
	return result;
}

PG_FUNCTION_INFO_V1(pgsodium_crypto_aead_det_encrypt);
Datum
pgsodium_crypto_aead_det_encrypt(PG_FUNCTION_ARGS)
{
	bytea	   *key;

	if (PG_ARGISNULL(0) || PG_ARGISNULL(2))
		PG_RETURN_NULL();
	key = PG_GETARG_BYTEA_PP(2);
	require_length("key", key, DET_KEY_BYTES);
	PG_RETURN_BYTEA_P(det_encrypt(PG_GETARG_BYTEA_PP(0), ARG_OR_NULL(1), ARG_OR_NULL(3), DATA(key)));
}

PG_FUNCTION_INFO_V1(pgsodium_crypto_aead_det_decrypt);
Datum
pgsodium_crypto_aead_det_decrypt(PG_FUNCTION_ARGS)
{
	bytea	   *key;

	if (PG_ARGISNULL(0) || PG_ARGISNULL(2))
		PG_RETURN_NULL();
	key = PG_GETARG_BYTEA_PP(2);
	require_length("key", key, DET_KEY_BYTES);
	PG_RETURN_BYTEA_P(det_decrypt(PG_GETARG_BYTEA_PP(0), ARG_OR_NULL(1), ARG_OR_NULL(3), DATA(key)));
}

/* (message, additional, key_id, context, nonce): the key is derived from the root key here, never shown. */
PG_FUNCTION_INFO_V1(pgsodium_crypto_aead_det_encrypt_by_id);
Datum
pgsodium_crypto_aead_det_encrypt_by_id(PG_FUNCTION_ARGS)
{
	if (PG_ARGISNULL(0) || PG_ARGISNULL(2) || PG_ARGISNULL(3))
		PG_RETURN_NULL();
	PG_RETURN_BYTEA_P(under_derived_key(det_encrypt, PG_GETARG_BYTEA_PP(0), ARG_OR_NULL(1), ARG_OR_NULL(4),
										PG_GETARG_INT64(2), PG_GETARG_BYTEA_PP(3)));
}

PG_FUNCTION_INFO_V1(pgsodium_crypto_aead_det_decrypt_by_id);
Datum
pgsodium_crypto_aead_det_decrypt_by_id(PG_FUNCTION_ARGS)
{
	if (PG_ARGISNULL(0) || PG_ARGISNULL(2) || PG_ARGISNULL(3))
		PG_RETURN_NULL();
	PG_RETURN_BYTEA_P(under_derived_key(det_decrypt, PG_GETARG_BYTEA_PP(0), ARG_OR_NULL(1), ARG_OR_NULL(4),
										PG_GETARG_INT64(2), PG_GETARG_BYTEA_PP(3)));
}

/* ---- signatures (Ed25519) and hashing ---- */

/* A (public, secret) record; the secret key is wiped once copied. */
static Datum
keypair_record(FunctionCallInfo fcinfo, const unsigned char *public_key, size_t public_len,
			   unsigned char *secret_key, size_t secret_len)
{
	TupleDesc	desc;
	Datum		values[2];
	bool		nulls[2] = {false, false};

	if (get_call_result_type(fcinfo, NULL, &desc) != TYPEFUNC_COMPOSITE)
		ereport(ERROR, (errcode(ERRCODE_FEATURE_NOT_SUPPORTED), errmsg("a key pair is returned as a record")));
	values[0] = PointerGetDatum(bytea_of(public_key, public_len));
	values[1] = PointerGetDatum(bytea_of(secret_key, secret_len));
	sodium_memzero(secret_key, secret_len);
	return HeapTupleGetDatum(heap_form_tuple(BlessTupleDesc(desc), values, nulls));
}

PG_FUNCTION_INFO_V1(pgsodium_crypto_sign_keypair);
Datum
pgsodium_crypto_sign_keypair(PG_FUNCTION_ARGS)
{
	unsigned char public_key[crypto_sign_PUBLICKEYBYTES];
	unsigned char secret_key[crypto_sign_SECRETKEYBYTES];

	if (PG_NARGS() == 1)
	{
		bytea	   *seed = PG_GETARG_BYTEA_PP(0);

		require_length("seed", seed, crypto_sign_SEEDBYTES);
		crypto_sign_seed_keypair(public_key, secret_key, DATA(seed));
	}
	else
		crypto_sign_keypair(public_key, secret_key);
	PG_RETURN_DATUM(keypair_record(fcinfo, public_key, sizeof(public_key), secret_key, sizeof(secret_key)));
}

PG_FUNCTION_INFO_V1(pgsodium_crypto_sign);
Datum
pgsodium_crypto_sign(PG_FUNCTION_ARGS)
{
	bytea	   *message = PG_GETARG_BYTEA_PP(0);
	bytea	   *key = PG_GETARG_BYTEA_PP(1);
	bytea	   *result = new_bytea(crypto_sign_BYTES + LEN(message));

	require_length("key", key, crypto_sign_SECRETKEYBYTES);
	crypto_sign(DATA(result), NULL, DATA(message), LEN(message), DATA(key));
	PG_RETURN_BYTEA_P(result);
}

PG_FUNCTION_INFO_V1(pgsodium_crypto_sign_open);
Datum
pgsodium_crypto_sign_open(PG_FUNCTION_ARGS)
{
	bytea	   *signed_message = PG_GETARG_BYTEA_PP(0);
	bytea	   *key = PG_GETARG_BYTEA_PP(1);
	bytea	   *result;

	require_length("key", key, crypto_sign_PUBLICKEYBYTES);
	if (LEN(signed_message) < crypto_sign_BYTES)
		ereport(ERROR, (errcode(ERRCODE_DATA_EXCEPTION), errmsg("invalid message")));
	result = new_bytea(LEN(signed_message) - crypto_sign_BYTES);
	if (crypto_sign_open(DATA(result), NULL, DATA(signed_message), LEN(signed_message), DATA(key)) != 0)
		ereport(ERROR, (errcode(ERRCODE_DATA_EXCEPTION), errmsg("invalid message")));
	PG_RETURN_BYTEA_P(result);
}

PG_FUNCTION_INFO_V1(pgsodium_crypto_sign_detached);
Datum
pgsodium_crypto_sign_detached(PG_FUNCTION_ARGS)
{
	bytea	   *message = PG_GETARG_BYTEA_PP(0);
	bytea	   *key = PG_GETARG_BYTEA_PP(1);
	bytea	   *result = new_bytea(crypto_sign_BYTES);

	require_length("key", key, crypto_sign_SECRETKEYBYTES);
	crypto_sign_detached(DATA(result), NULL, DATA(message), LEN(message), DATA(key));
	PG_RETURN_BYTEA_P(result);
}

PG_FUNCTION_INFO_V1(pgsodium_crypto_sign_verify_detached);
Datum
pgsodium_crypto_sign_verify_detached(PG_FUNCTION_ARGS)
{
	bytea	   *signature = PG_GETARG_BYTEA_PP(0);
	bytea	   *message = PG_GETARG_BYTEA_PP(1);
	bytea	   *key = PG_GETARG_BYTEA_PP(2);

	require_length("key", key, crypto_sign_PUBLICKEYBYTES);
	if (LEN(signature) != crypto_sign_BYTES)
		PG_RETURN_BOOL(false);
	PG_RETURN_BOOL(crypto_sign_verify_detached(DATA(signature), DATA(message), LEN(message), DATA(key)) == 0);
}

PG_FUNCTION_INFO_V1(pgsodium_crypto_generichash);
Datum
pgsodium_crypto_generichash(PG_FUNCTION_ARGS)
{
	bytea	   *message;
	bytea	   *key = ARG_OR_NULL(1);
	bytea	   *result = new_bytea(crypto_generichash_BYTES);

	if (PG_ARGISNULL(0))
		PG_RETURN_NULL();
	message = PG_GETARG_BYTEA_PP(0);
	if (key && (LEN(key) < crypto_generichash_KEYBYTES_MIN || LEN(key) > crypto_generichash_KEYBYTES_MAX))
		ereport(ERROR, (errcode(ERRCODE_INVALID_PARAMETER_VALUE),
						errmsg("key must be between %d and %d bytes",
							   crypto_generichash_KEYBYTES_MIN, crypto_generichash_KEYBYTES_MAX)));
	crypto_generichash(DATA(result), crypto_generichash_BYTES, DATA(message), LEN(message),
					   key ? DATA(key) : NULL, key ? LEN(key) : 0);
	PG_RETURN_BYTEA_P(result);
}

/* ---- public-key boxes (X25519, XSalsa20-Poly1305), authentication, hashes, password hashes ---- */

PG_FUNCTION_INFO_V1(pgsodium_crypto_box_new_keypair);
Datum
pgsodium_crypto_box_new_keypair(PG_FUNCTION_ARGS)
{
	unsigned char public_key[crypto_box_PUBLICKEYBYTES];
	unsigned char secret_key[crypto_box_SECRETKEYBYTES];

	crypto_box_keypair(public_key, secret_key);
	PG_RETURN_DATUM(keypair_record(fcinfo, public_key, sizeof(public_key), secret_key, sizeof(secret_key)));
}

PG_FUNCTION_INFO_V1(pgsodium_crypto_box_noncegen);
Datum
pgsodium_crypto_box_noncegen(PG_FUNCTION_ARGS)
{
	return random_bytea(crypto_box_NONCEBYTES);
}

PG_FUNCTION_INFO_V1(pgsodium_crypto_box);
Datum
pgsodium_crypto_box(PG_FUNCTION_ARGS)
{
	bytea	   *message = PG_GETARG_BYTEA_PP(0);
	bytea	   *nonce = PG_GETARG_BYTEA_PP(1);
	bytea	   *public_key = PG_GETARG_BYTEA_PP(2);
	bytea	   *secret_key = PG_GETARG_BYTEA_PP(3);
	bytea	   *result = new_bytea(crypto_box_MACBYTES + LEN(message));

	require_length("nonce", nonce, crypto_box_NONCEBYTES);
	require_length("public key", public_key, crypto_box_PUBLICKEYBYTES);
	require_length("secret key", secret_key, crypto_box_SECRETKEYBYTES);
	if (crypto_box_easy(DATA(result), DATA(message), LEN(message), DATA(nonce), DATA(public_key),
						DATA(secret_key)) != 0)
		ereport(ERROR, (errcode(ERRCODE_INVALID_PARAMETER_VALUE), errmsg("invalid public key")));
	PG_RETURN_BYTEA_P(result);
}

PG_FUNCTION_INFO_V1(pgsodium_crypto_box_open);
Datum
pgsodium_crypto_box_open(PG_FUNCTION_ARGS)
{
	bytea	   *box = PG_GETARG_BYTEA_PP(0);
	bytea	   *nonce = PG_GETARG_BYTEA_PP(1);
	bytea	   *public_key = PG_GETARG_BYTEA_PP(2);
	bytea	   *secret_key = PG_GETARG_BYTEA_PP(3);
	bytea	   *result;

	require_length("nonce", nonce, crypto_box_NONCEBYTES);
	require_length("public key", public_key, crypto_box_PUBLICKEYBYTES);
	require_length("secret key", secret_key, crypto_box_SECRETKEYBYTES);
	if (LEN(box) < crypto_box_MACBYTES)
		ereport(ERROR, (errcode(ERRCODE_DATA_EXCEPTION), errmsg("invalid message")));
	result = new_bytea(LEN(box) - crypto_box_MACBYTES);
	if (crypto_box_open_easy(DATA(result), DATA(box), LEN(box), DATA(nonce), DATA(public_key),
							 DATA(secret_key)) != 0)
		ereport(ERROR, (errcode(ERRCODE_DATA_EXCEPTION), errmsg("invalid message")));
	PG_RETURN_BYTEA_P(result);
}

PG_FUNCTION_INFO_V1(pgsodium_crypto_box_seal);
Datum
pgsodium_crypto_box_seal(PG_FUNCTION_ARGS)
{
	bytea	   *message = PG_GETARG_BYTEA_PP(0);
	bytea	   *public_key = PG_GETARG_BYTEA_PP(1);
	bytea	   *result = new_bytea(crypto_box_SEALBYTES + LEN(message));

	require_length("public key", public_key, crypto_box_PUBLICKEYBYTES);
	if (crypto_box_seal(DATA(result), DATA(message), LEN(message), DATA(public_key)) != 0)
		ereport(ERROR, (errcode(ERRCODE_INVALID_PARAMETER_VALUE), errmsg("invalid public key")));
	PG_RETURN_BYTEA_P(result);
}

PG_FUNCTION_INFO_V1(pgsodium_crypto_box_seal_open);
Datum
pgsodium_crypto_box_seal_open(PG_FUNCTION_ARGS)
{
	bytea	   *sealed = PG_GETARG_BYTEA_PP(0);
	bytea	   *public_key = PG_GETARG_BYTEA_PP(1);
	bytea	   *secret_key = PG_GETARG_BYTEA_PP(2);
	bytea	   *result;

	require_length("public key", public_key, crypto_box_PUBLICKEYBYTES);
	require_length("secret key", secret_key, crypto_box_SECRETKEYBYTES);
	if (LEN(sealed) < crypto_box_SEALBYTES)
		ereport(ERROR, (errcode(ERRCODE_DATA_EXCEPTION), errmsg("invalid message")));
	result = new_bytea(LEN(sealed) - crypto_box_SEALBYTES);
	if (crypto_box_seal_open(DATA(result), DATA(sealed), LEN(sealed), DATA(public_key), DATA(secret_key)) != 0)
		ereport(ERROR, (errcode(ERRCODE_DATA_EXCEPTION), errmsg("invalid message")));
	PG_RETURN_BYTEA_P(result);
}

PG_FUNCTION_INFO_V1(pgsodium_crypto_auth);
Datum
pgsodium_crypto_auth(PG_FUNCTION_ARGS)
{
	bytea	   *message = PG_GETARG_BYTEA_PP(0);
	bytea	   *key = PG_GETARG_BYTEA_PP(1);
	bytea	   *result = new_bytea(crypto_auth_BYTES);

	require_length("key", key, crypto_auth_KEYBYTES);
	crypto_auth(DATA(result), DATA(message), LEN(message), DATA(key));
	PG_RETURN_BYTEA_P(result);
}

PG_FUNCTION_INFO_V1(pgsodium_crypto_auth_verify);
Datum
pgsodium_crypto_auth_verify(PG_FUNCTION_ARGS)
{
	bytea	   *mac = PG_GETARG_BYTEA_PP(0);
	bytea	   *message = PG_GETARG_BYTEA_PP(1);
	bytea	   *key = PG_GETARG_BYTEA_PP(2);

	require_length("key", key, crypto_auth_KEYBYTES);
	if (LEN(mac) != crypto_auth_BYTES)
		PG_RETURN_BOOL(false);
	PG_RETURN_BOOL(crypto_auth_verify(DATA(mac), DATA(message), LEN(message), DATA(key)) == 0);
}

PG_FUNCTION_INFO_V1(pgsodium_crypto_hash_sha256);
Datum
pgsodium_crypto_hash_sha256(PG_FUNCTION_ARGS)
{
	bytea	   *message = PG_GETARG_BYTEA_PP(0);
	bytea	   *result = new_bytea(crypto_hash_sha256_BYTES);

	crypto_hash_sha256(DATA(result), DATA(message), LEN(message));
	PG_RETURN_BYTEA_P(result);
}

PG_FUNCTION_INFO_V1(pgsodium_crypto_hash_sha512);
Datum
pgsodium_crypto_hash_sha512(PG_FUNCTION_ARGS)
{
	bytea	   *message = PG_GETARG_BYTEA_PP(0);
	bytea	   *result = new_bytea(crypto_hash_sha512_BYTES);

	crypto_hash_sha512(DATA(result), DATA(message), LEN(message));
	PG_RETURN_BYTEA_P(result);
}

/* Argon2id with libsodium's interactive limits, as pgsodium's crypto_pwhash_str. */
PG_FUNCTION_INFO_V1(pgsodium_crypto_pwhash_str);
Datum
pgsodium_crypto_pwhash_str(PG_FUNCTION_ARGS)
{
	bytea	   *password = PG_GETARG_BYTEA_PP(0);
	char		hashed[crypto_pwhash_STRBYTES];

	if (crypto_pwhash_str(hashed, (const char *) DATA(password), LEN(password), crypto_pwhash_OPSLIMIT_INTERACTIVE,
						  crypto_pwhash_MEMLIMIT_INTERACTIVE) != 0)
		ereport(ERROR, (errcode(ERRCODE_OUT_OF_MEMORY), errmsg("crypto_pwhash_str: out of memory")));
	PG_RETURN_BYTEA_P(bytea_of((unsigned char *) hashed, strlen(hashed)));
}

PG_FUNCTION_INFO_V1(pgsodium_crypto_pwhash_str_verify);
Datum
pgsodium_crypto_pwhash_str_verify(PG_FUNCTION_ARGS)
{
	bytea	   *hashed = PG_GETARG_BYTEA_PP(0);
	bytea	   *password = PG_GETARG_BYTEA_PP(1);
	char	   *hashed_text = palloc0(LEN(hashed) + 1);

	memcpy(hashed_text, DATA(hashed), LEN(hashed));
	PG_RETURN_BOOL(crypto_pwhash_str_verify(hashed_text, (const char *) DATA(password), LEN(password)) == 0);
}

/* Every pgsodium function this build does not carry is declared with this body, so that calling one names it. */
PG_FUNCTION_INFO_V1(pgsodium_not_provided);
Datum
pgsodium_not_provided(PG_FUNCTION_ARGS)
{
	ereport(ERROR, (errcode(ERRCODE_FEATURE_NOT_SUPPORTED),
					errmsg("pgsodium.%s is not provided by the gateway's pgsodium", get_func_name(fcinfo->flinfo->fn_oid)),
					errhint("docs/extensions.md lists the pgsodium functions that are provided.")));
	PG_RETURN_NULL();
}
