import jax
import jax.numpy as jnp
from jax.sharding import AxisType, PartitionSpec as P

from layers import Stack
from parallel import param_specs_by_name, shard_map_apply

mesh = jax.make_mesh((2, 2), ("data", "model"), axis_types=(AxisType.Auto, AxisType.Auto))
tp = mesh.shape["model"]

x = jnp.ones((16, 128))
params = jax.eval_shape(Stack().init, jax.random.key(0), x)["params"]
specs = param_specs_by_name(params, {"wi": P(None, "model"), "wo": P("model", None)})

forward = shard_map_apply(Stack(tp_size=tp), mesh, param_specs=specs,
                          in_specs=(P("data"),), out_specs=P("data"))
jax.jit(forward).trace({"params": params}, x).lower(lowering_platforms=("cuda",))
