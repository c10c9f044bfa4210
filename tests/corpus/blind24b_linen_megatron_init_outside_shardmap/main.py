import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P, AxisType
import optax

from tp.layers import ParallelMLP
from train import make_train_step

mesh = jax.make_mesh((2, 2), ("data", "model"), axis_types=(AxisType.Explicit,) * 2)
D, FF = 16, 64
model = ParallelMLP(d_model=D, d_ff_local=FF // 2)
params = model.init(jax.random.PRNGKey(0), jnp.ones((1, D)))["params"]
# global shapes: fc_in kernel (D, FF) split on columns, fc_out kernel (FF, D) split on rows
params = jax.tree_util.tree_map(lambda a: a, params)
params["fc_in"]["kernel"] = jnp.zeros((D, FF))
params["fc_out"]["dense"]["kernel"] = jnp.zeros((FF, D))
param_specs = {"fc_in": {"kernel": P(None, "model")}, "fc_out": {"dense": {"kernel": P("model", None)}}}

tx = optax.sgd(1e-2)
opt_state = tx.init(params)
with jax.set_mesh(mesh):
    params = jax.device_put(params, param_specs)
    x = jax.device_put(jnp.ones((8, D)), P("data"))
    y = jax.device_put(jnp.ones((8, D)), P("data"))
    step = make_train_step(model, tx, mesh, param_specs)
    lowered = jax.jit(step).trace(params, opt_state, x, y).lower(lowering_platforms=("cuda",))
print("ok", type(lowered).__name__)
