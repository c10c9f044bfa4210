"""One metrics helper for single-device eval and sharded eval: it reduces only when given an axis."""
from functools import partial

import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((4,), ("data",))


def compute_metrics(logits, labels, axis_name=None):
    loss = jnp.mean(jax.nn.logsumexp(logits, -1) - jnp.take_along_axis(logits, labels[:, None], -1)[:, 0])
    acc = jnp.mean(jnp.argmax(logits, -1) == labels)
    metrics = {"loss": loss, "accuracy": acc}
    if axis_name is not None:
        metrics = jax.lax.pmean(metrics, axis_name=axis_name)
    return metrics


def model_apply(params, x):
    return x @ params["w"]


@jax.jit
def eval_step_single(params, x, y):
    return compute_metrics(model_apply(params, x), y)


@jax.jit
@partial(jax.shard_map, mesh=mesh, in_specs=(P(), P("data"), P("data")), out_specs=P())
def eval_step_sharded(params, x, y):
    return compute_metrics(model_apply(params, x), y, axis_name="data")


params = {"w": jnp.zeros((12, 5))}
x, y = jnp.ones((16, 12)), jnp.zeros((16,), jnp.int32)
a = eval_step_single.trace(params, x, y).lower(lowering_platforms=("cuda",))
xs = jax.device_put(x, NamedSharding(mesh, P("data")))
ys = jax.device_put(y, NamedSharding(mesh, P("data")))
b = eval_step_sharded.trace(params, xs, ys).lower(lowering_platforms=("cuda",))
print(len(a.as_text()) > 0, len(b.as_text()) > 0)
