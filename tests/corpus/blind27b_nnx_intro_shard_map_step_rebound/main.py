import jax
import jax.numpy as jnp
from flax import nnx
from jax.sharding import NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((4,), ('batch',), axis_types=(jax.sharding.AxisType.Explicit,))

model = nnx.Linear(8, 2, rngs=nnx.Rngs(0))

x = jnp.arange(16 * 8, dtype=jnp.float32).reshape(16, 8)
y = jnp.ones((16, 2))
x = jax.device_put(x, NamedSharding(mesh, P('batch')))
y = jax.device_put(y, NamedSharding(mesh, P('batch')))


def step(model, x, y):
  def loss_fn(m):
    return jnp.mean((m(x) - y) ** 2)

  loss, grads = nnx.value_and_grad(loss_fn)(model)
  grads = jax.lax.pmean(grads, 'batch')
  loss = jax.lax.pmean(loss, 'batch')
  return loss, grads


# first try it per device
step = nnx.shard_map(step, mesh=mesh, in_specs=(P(), P('batch'), P('batch')),
                     out_specs=(P(), P()))
# now compile it
step = nnx.jit(step)

with jax.set_mesh(mesh):
  lowered = step.trace(model, x, y).lower(lowering_platforms=('cuda',))
print(lowered.as_text()[:60])
