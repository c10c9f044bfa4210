import jax
import jax.numpy as jnp
import optax
from flax import nnx
from jax.sharding import NamedSharding, PartitionSpec as P


class Regressor(nnx.Module):

  def __init__(self, rngs):
    self.hidden = nnx.Linear(20, 64, rngs=rngs)
    self.drop = nnx.Dropout(0.1, rngs=rngs)
    self.out = nnx.Linear(64, 1, rngs=rngs)

  def __call__(self, x):
    return self.out(self.drop(nnx.relu(self.hidden(x))))


mesh = jax.make_mesh((4,), ('data',))


@nnx.jit
def train_step(model, optimizer, x, y):
  @nnx.shard_map(mesh=mesh, in_specs=(P(), P(), P('data'), P('data')), out_specs=P())
  def step(model, optimizer, x, y):
    def loss_fn(model):
      return jnp.mean((model(x) - y) ** 2)
    loss, grads = nnx.value_and_grad(loss_fn)(model)
    optimizer.update(model, grads)
    return jax.lax.pmean(loss, 'data')
  return step(model, optimizer, x, y)


model = Regressor(nnx.Rngs(0))
model.eval()
optimizer = nnx.Optimizer(model, optax.adamw(1e-3), wrt=nnx.Param)
batch_sharding = NamedSharding(mesh, P('data'))
x, y = jax.device_put((jnp.ones((64, 20)), jnp.ones((64, 1))), batch_sharding)
print(train_step.trace(model, optimizer, x, y).lower(lowering_platforms=('cuda',)).as_text()[:10])
