import jax
import jax.numpy as jnp
from flax import nnx
from jax.sharding import PartitionSpec as P

from mlp import CONFIG, ParallelMLP, tp_state_sharding

mesh = jax.make_mesh(CONFIG["mesh_shape"], CONFIG["mesh_axes"],
                     axis_types=(jax.sharding.AxisType.Auto,) * 2)
batch = CONFIG["batch_axis"]

model = ParallelMLP(CONFIG, rngs=nnx.Rngs(params=0))


@nnx.jit
def apply(model, x):
  f = nnx.shard_map(lambda m, x: m(x), mesh=mesh,
                    in_specs=(tp_state_sharding(), P(batch)), out_specs=P(batch))
  return f(model, x)


x = jnp.ones((8, CONFIG["d_model"]))
apply.trace(model, x).lower(lowering_platforms=("cuda",))
