"""Training step for the pipeline. `python train.py` lowers it for GPU."""

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P

from pipeline import forward_stage

mesh = Mesh(np.array(jax.devices()[:4]), ("stages",))


def loss(w, x):
    return jnp.mean(forward_stage(w, x) ** 2)


# Mistake: jit alone does not bind the "stages" axis that psend/precv use.
train_step = jax.jit(loss)


# The same step written correctly: every device runs one stage under shard_map.
sharded_step = jax.jit(
    jax.shard_map(
        lambda w, x: forward_stage(w, x),
        mesh=mesh,
        in_specs=(P(), P("stages")),
        out_specs=P("stages"),
    )
)


def example_args():
    return (
        jax.ShapeDtypeStruct((16, 16), jnp.float32),
        jax.ShapeDtypeStruct((16, 16), jnp.float32),
    )


if __name__ == "__main__":
    sharded_step.trace(*example_args()).lower(lowering_platforms=("cuda",))
    train_step.trace(*example_args()).lower(lowering_platforms=("cuda",))
