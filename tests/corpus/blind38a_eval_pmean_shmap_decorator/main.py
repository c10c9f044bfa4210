from functools import partial

import equinox as eqx
import jax
import jax.numpy as jnp
import jax.random as jr
from jax.sharding import PartitionSpec as P

from trainer.evaluate import evaluate

key = jr.PRNGKey(0)
model = eqx.nn.MLP(16, 10, 32, 2, key=key)
mesh = jax.make_mesh((4,), ("batch",), axis_types=(jax.sharding.AxisType.Explicit,))
params, static = eqx.partition(model, eqx.is_array)


@jax.jit
@partial(jax.shard_map, mesh=mesh, in_specs=(P(), P("batch"), P("batch")), out_specs=P())
def eval_arrays(params, x, labels):
    return evaluate(eqx.combine(params, static), x, labels)


with jax.set_mesh(mesh):
    x = jax.device_put(jnp.ones((64, 16)), P("batch"))
    labels = jax.device_put(jnp.zeros((64,), jnp.int32), P("batch"))
    params = jax.device_put(params, P())
    lowered = eval_arrays.trace(params, x, labels).lower(lowering_platforms=("cuda",))
print("ok")
