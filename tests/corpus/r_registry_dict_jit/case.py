import jax
import jax.numpy as jnp
from jax import lax

REDUCERS = {"sum": lax.psum, "mean": lax.pmean, "max": lax.pmax}


def reduce_metrics(metrics, how="mean", axis="dp"):
    return {k: REDUCERS[how](v, axis) for k, v in metrics.items()}


def run(loss, acc):
    return reduce_metrics({"loss": loss, "acc": acc})


ARGS = (jax.ShapeDtypeStruct((), jnp.float32), jax.ShapeDtypeStruct((), jnp.float32))
