import jax
import jax.numpy as jnp
import optax
from flax import nnx
from jax.sharding import AxisType, PartitionSpec as P

from mt import compat
from mt.mlp import GatedMLP

mesh = jax.make_mesh((2, 2), ('data', 'model'), axis_types=(AxisType.Auto,) * 2)

with jax.set_mesh(mesh):
  model = GatedMLP(32, 128, rngs=nnx.Rngs(0))
  optimizer = nnx.Optimizer(model, optax.adamw(1e-3), wrt=nnx.Param)

model_spec = nnx.StateSharding(nnx.get_partition_spec(nnx.state(model)))
opt_spec = nnx.StateSharding(nnx.get_partition_spec(nnx.state(optimizer)))


@nnx.jit
@compat.shard_map(mesh=mesh, in_specs=(model_spec, opt_spec, P('data')),
                  out_specs=P(), check=True)
def train_step(model, optimizer, x):
  loss, grads = nnx.value_and_grad(lambda m: jnp.mean((m(x) - x) ** 2))(model)
  optimizer.update(model, grads)
  return jax.lax.pmean(loss, 'data')


x = jnp.ones((8, 32))
print(train_step.trace(model, optimizer, x).lower(lowering_platforms=('cuda',)).as_text()[:16])
