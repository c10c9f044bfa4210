import jax
import jax.numpy as jnp
from flax import nnx
from jax.sharding import NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((4,), ('data',))


class Model(nnx.Module):
  def __init__(self, rngs):
    self.lin = nnx.Linear(12, 3, rngs=rngs)

  def __call__(self, x):
    return self.lin(x)


model = Model(nnx.Rngs(0))


@nnx.shard_map(mesh=mesh, in_specs=(P(), P('data')), out_specs=P())
def eval_loss(model, x):
  logits = model(x)
  return -jnp.mean(jax.nn.log_softmax(logits)[:, 0])


x = jax.device_put(jnp.ones((8, 12)), NamedSharding(mesh, P('data')))
eval_loss = nnx.jit(eval_loss)
print(eval_loss.trace(model, x).lower(lowering_platforms=('cuda',)).as_text()[:30])
