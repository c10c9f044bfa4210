import jax
import jax.numpy as jnp
from flax import nnx
from jax.sharding import PartitionSpec as P

B, L, D, H, VOCAB = 4, 16, 64, 4, 128


class Decoder(nnx.Module):
  def __init__(self, rngs):
    self.embed = nnx.Embed(VOCAB, D, rngs=rngs)
    self.attn = nnx.MultiHeadAttention(num_heads=H, in_features=D, decode=True, rngs=rngs)
    self.norm = nnx.RMSNorm(D, rngs=rngs)

  def __call__(self, token):  # token: [B, 1]
    x = self.embed(token)
    x = x + self.attn(x)
    return self.embed.attend(self.norm(x))


@nnx.jit
def generate(model, first):
  def body(i, carry):
    model, tok, out = carry
    logits = model(tok)
    nxt = jnp.argmax(logits[:, -1], axis=-1)[:, None].astype(jnp.int32)
    return model, nxt, out.at[:, i].set(nxt[:, 0])
  out = jnp.zeros((B, L), jnp.int32)
  _, _, out = jax.lax.fori_loop(0, L, body, (model, first, out))
  return out


mesh = jax.make_mesh((4,), ('data',))
with jax.set_mesh(mesh):
  model = Decoder(nnx.Rngs(0))
  model.attn.init_cache((B, L, D))
  first = jnp.zeros((B, 1), jnp.int32)  # replicated prompt token
  print(generate.trace(model, first).lower(lowering_platforms=('cuda',)).as_text()[:40])
