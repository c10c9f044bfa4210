import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
from jax.sharding import Mesh, PartitionSpec as P

REDUCERS = {"sum": lax.psum, "mean": lax.pmean, "max": lax.pmax}
mesh = Mesh(np.array(jax.devices()), ("dp",))


def reduce_metrics(metrics, how="mean", axis="dp"):
    return {k: REDUCERS[how](v, axis) for k, v in metrics.items()}


def run(loss, acc):
    f = jax.shard_map(lambda l, a: reduce_metrics({"loss": l, "acc": a}), mesh=mesh,
                      in_specs=(P("dp"), P("dp")), out_specs={"loss": P(), "acc": P()})
    return f(loss, acc)


ARGS = (jax.ShapeDtypeStruct((4,), jnp.float32), jax.ShapeDtypeStruct((4,), jnp.float32))
