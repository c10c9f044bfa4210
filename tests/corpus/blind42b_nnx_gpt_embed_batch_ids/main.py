import jax
import jax.numpy as jnp
import numpy as np
from flax import nnx
from jax.sharding import PartitionSpec as P

VOCAB, SEQ, D = 512, 32, 64


class TinyGPT(nnx.Module):
  def __init__(self, rngs: nnx.Rngs):
    emb_init = nnx.initializers.normal(0.02)
    self.wte = nnx.Embed(VOCAB, D, embedding_init=nnx.with_partitioning(emb_init, (None, 'model')), rngs=rngs)
    self.wpe = nnx.Embed(SEQ, D, embedding_init=nnx.with_partitioning(emb_init, (None, 'model')), rngs=rngs)
    self.ln_f = nnx.LayerNorm(D, rngs=rngs)

  def __call__(self, tokens):
    pos = jnp.arange(tokens.shape[1])
    x = self.wte(tokens) + self.wpe(pos)
    x = self.ln_f(x)
    return self.wte.attend(x)


def loss_fn(model, tokens, targets):
  logits = model(tokens).astype(jnp.float32)
  logp = jax.nn.log_softmax(logits, axis=-1)
  return -jnp.mean(jnp.take_along_axis(logp, targets[..., None], axis=-1))


if __name__ == '__main__':
  mesh = jax.make_mesh((2, 2), ('data', 'model'))
  with jax.set_mesh(mesh):
    model = TinyGPT(nnx.Rngs(0))
    data = np.random.default_rng(1).integers(0, VOCAB, size=(8, SEQ + 1), dtype=np.int32)
    tokens = jax.device_put(data[:, :-1], P('data', None))
    targets = jax.device_put(data[:, 1:], P('data', None))
    grad_fn = nnx.jit(nnx.value_and_grad(loss_fn))
    print(grad_fn.trace(model, tokens, targets).lower(lowering_platforms=('cuda',)).as_text()[:40])
