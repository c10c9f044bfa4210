from functools import partial

import jax
import jax.numpy as jnp
from flax import nnx
from jax.sharding import PartitionSpec as P


class Classifier(nnx.Module):

  def __init__(self, din, dout, *, rngs: nnx.Rngs):
    self.hidden = nnx.Linear(din, 64, rngs=rngs)
    self.out = nnx.Linear(64, dout, rngs=rngs)

  def __call__(self, x):
    return self.out(nnx.relu(self.hidden(x)))


mesh = jax.make_mesh((4,), ('data',))


@nnx.jit
@partial(nnx.shard_map, mesh=mesh, in_specs=(P(), P('data'), P('data')), out_specs=P(),
         check_vma=False)
def eval_loss(model, x, y):
  logits = model(x)
  loss = -jnp.mean(jnp.take_along_axis(jax.nn.log_softmax(logits), y[:, None], axis=-1))
  return jax.lax.pmean(loss, 'data')


model = Classifier(16, 4, rngs=nnx.Rngs(0))
x = jnp.ones((32, 16))
y = jnp.zeros((32,), jnp.int32)
eval_loss.trace(model, x, y).lower(lowering_platforms=('cuda',))
