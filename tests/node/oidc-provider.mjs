// A conformant OpenID provider (panva's oidc-provider) on loopback for the gateway's external sign-in tests, run
// by tests/auth/oauth/conftest.py. Any login signs in at its login page: the account id is the login, its address
// <login>@example.com, verified unless the login starts with "unverified-" (then the rest names the address).
import Provider from 'oidc-provider';

const port = Number(process.env.PROVIDER_PORT);
const issuer = `http://127.0.0.1:${port}`;
const account = (id) => ({
  accountId: id,
  claims: async () => ({
    sub: id,
    email: `${id.replace(/^unverified-/, '')}@example.com`,
    email_verified: !id.startsWith('unverified-'),
    name: `Person ${id}`,
    picture: `https://pictures.example.com/${id}.png`,
  }),
});

const provider = new Provider(issuer, {
  clients: [{
    client_id: process.env.CLIENT_ID,
    client_secret: process.env.CLIENT_SECRET,
    redirect_uris: process.env.REDIRECT_URIS.split(','),
    token_endpoint_auth_method: 'client_secret_post',
    grant_types: ['authorization_code', 'refresh_token'],
    response_types: ['code'],
  }],
  findAccount: async (ctx, id) => account(id),
  claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'picture'] },
  cookies: { keys: ['oidc-provider-test-cookie-key'] },
  features: { devInteractions: { enabled: true }, claimsParameter: { enabled: true } },
  // Every consent carries offline_access, so the gateway receives a refresh token to hand over once.
  issueRefreshToken: async () => true,
});
// How often its signing keys were read, for the tests that check the gateway keeps them instead of asking each time.
let keySetReads = 0;
provider.use(async (ctx, next) => {
  if (ctx.path === '/jwks') keySetReads += 1;
  if (ctx.path === '/test/key-set-reads') {
    ctx.body = { count: keySetReads };
    return;
  }
  await next();
});
provider.listen(port, '127.0.0.1', () => console.log(`ready ${issuer}`));
