import functools

import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P, AxisType
import optax

from tp.layers import ParallelMLP
from train import make_train_step

mesh = jax.make_mesh((2, 2), ("data", "model"), axis_types=(AxisType.Explicit,) * 2)
D, FF = 16, 64
model = ParallelMLP(d_model=D, d_ff_local=FF // 2)
param_specs = {"fc_in": {"kernel": P(None, "model")}, "fc_out": {"dense": {"kernel": P("model", None)}}}


# the row-parallel psum needs the 'model' axis bound, so params are built per device
@functools.partial(jax.shard_map, mesh=mesh, in_specs=P(), out_specs=param_specs)
def init_params(key):
    key = jax.random.fold_in(key, jax.lax.axis_index("model"))
    return model.init(key, jnp.ones((1, D)))["params"]


tx = optax.sgd(1e-2)
with jax.set_mesh(mesh):
    params = jax.jit(init_params)(jax.random.PRNGKey(0))
    opt_state = tx.init(params)
    x = jax.device_put(jnp.ones((8, D)), P("data"))
    y = jax.device_put(jnp.ones((8, D)), P("data"))
    step = make_train_step(model, tx, mesh, param_specs)
    lowered = jax.jit(step).trace(params, opt_state, x, y).lower(lowering_platforms=("cuda",))
print("ok", type(lowered).__name__)
