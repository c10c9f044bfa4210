import equinox as eqx
import jax
import jax.numpy as jnp


def patchify(img, patch):
  c, h, w = img.shape
  x = img.reshape(c, h // patch, patch, w // patch, patch)
  x = x.transpose(1, 3, 2, 4, 0)                 # (gh, gw, p, p, c)
  return x.reshape((h // patch) * (w // patch), patch * patch * c)


class Block(eqx.Module):
  ln1: eqx.nn.LayerNorm
  attn: eqx.nn.MultiheadAttention
  ln2: eqx.nn.LayerNorm
  mlp: eqx.nn.MLP

  def __init__(self, dim, heads, key):
    k1, k2 = jax.random.split(key)
    self.ln1 = eqx.nn.LayerNorm(dim)
    self.attn = eqx.nn.MultiheadAttention(heads, dim, key=k1)
    self.ln2 = eqx.nn.LayerNorm(dim)
    self.mlp = eqx.nn.MLP(dim, dim, 4 * dim, 1, activation=jax.nn.gelu, key=k2)

  def __call__(self, x):
    h = jax.vmap(self.ln1)(x)
    x = x + self.attn(h, h, h)
    return x + jax.vmap(self.mlp)(jax.vmap(self.ln2)(x))


class ViT(eqx.Module):
  embed: eqx.nn.Linear
  pos: jax.Array
  cls: jax.Array
  blocks: list
  head: eqx.nn.Linear
  patch: int = eqx.field(static=True)

  def __init__(self, img_size, patch, channels, dim, depth, heads, n_classes, key):
    keys = jax.random.split(key, depth + 3)
    n_tok = (img_size // patch) ** 2
    self.patch = patch
    self.embed = eqx.nn.Linear(patch * patch * channels, dim, key=keys[0])
    self.pos = 0.02 * jax.random.normal(keys[1], (n_tok + 1, dim))
    self.cls = jnp.zeros((1, dim))
    self.blocks = [Block(dim, heads, k) for k in keys[3:]]
    self.head = eqx.nn.Linear(dim, n_classes, key=keys[2])

  def __call__(self, img):
    tok = jax.vmap(self.embed)(patchify(img, self.patch))
    x = jnp.concatenate([self.cls, tok], axis=0) + self.pos
    for blk in self.blocks:
      x = blk(x)
    return self.head(x[0])
