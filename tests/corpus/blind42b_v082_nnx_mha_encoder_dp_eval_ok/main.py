import numpy as np
import jax
import jax.numpy as jnp
from flax import nnx
from jax.sharding import AxisType, PartitionSpec as P


class Encoder(nnx.Module):
  def __init__(self, d, heads, n_cls, rngs):
    self.attn = nnx.MultiHeadAttention(num_heads=heads, in_features=d, dropout_rate=0.1,
                                       decode=False, rngs=rngs)
    self.ln = nnx.LayerNorm(d, rngs=rngs)
    self.head = nnx.Linear(d, n_cls, rngs=rngs)

  def __call__(self, x, mask):
    x = self.ln(x + self.attn(x, mask=nnx.make_attention_mask(mask, mask)))
    return self.head(x.mean(axis=1))


@nnx.jit
def eval_step(model, x, mask, y):
  logits = model(x, mask)
  return (logits.argmax(-1) == y).sum()


mesh = jax.make_mesh((4,), ('data',), axis_types=(AxisType.Explicit,))
with jax.set_mesh(mesh):
  model = Encoder(32, 4, 3, nnx.Rngs(0))
  model.eval()
  feats = np.zeros((96, 12, 32), np.float32)
  masks = np.ones((96, 12), bool)
  labels = np.zeros((96,), np.int32)
  for i in range(0, 96, 32):
    batch = [jax.device_put(a[i:i + 32], P('data')) for a in (feats, masks, labels)]
    lowered = eval_step.trace(model, *batch).lower(lowering_platforms=('cuda',))
  print(lowered.as_text()[:40])
