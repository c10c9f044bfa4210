import functools

import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

from evalutil.metrics import compute_metrics

AXIS = "batch"
mesh = jax.make_mesh((4,), (AXIS,), axis_types=(jax.sharding.AxisType.Explicit,))


def predict(params, x):
    return x @ params["kernel"] + params["bias"]


def eval_step(params, x, y):
    logits = predict(params, x)
    return compute_metrics(logits, y, axis_name=AXIS)


p_eval_step = jax.jit(
    jax.shard_map(
        eval_step, mesh=mesh, in_specs=(P(), P(AXIS), P(AXIS)), out_specs=P()
    )
)

params = {"kernel": jnp.zeros((20, 5)), "bias": jnp.zeros((5,))}
x = jax.device_put(jnp.ones((40, 20)), NamedSharding(mesh, P(AXIS)))
y = jax.device_put(jnp.zeros((40,), jnp.int32), NamedSharding(mesh, P(AXIS)))
print(p_eval_step.trace(params, x, y).lower(lowering_platforms=("cuda",)).as_text()[:30])
