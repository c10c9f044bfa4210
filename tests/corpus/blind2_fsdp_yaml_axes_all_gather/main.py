"""FSDP forward pass whose axes come from a JSON run config: weights are all-gathered over the
FSDP axes just before use."""
import json
import pathlib

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P

cfg = json.loads((pathlib.Path(__file__).parent / "config.json").read_text())
mesh = Mesh(np.array(jax.devices()).reshape(cfg["mesh"]["shape"]), tuple(cfg["mesh"]["axes"]))
fsdp_axes = tuple(cfg["fsdp_axes"])
batch_axes = tuple(cfg["batch_axes"])


def forward(w1, w2, x):
    w1 = jax.lax.all_gather(w1, fsdp_axes, axis=0, tiled=True)
    w2 = jax.lax.all_gather(w2, fsdp_axes, axis=0, tiled=True)
    return jnp.tanh(x @ w1) @ w2


f = jax.jit(jax.shard_map(forward, mesh=mesh, in_specs=(P(fsdp_axes), P(fsdp_axes), P(batch_axes)),
                          out_specs=P(batch_axes)))
f.trace(jax.ShapeDtypeStruct((128, 256), jnp.float32), jax.ShapeDtypeStruct((256, 128), jnp.float32),
        jax.ShapeDtypeStruct((16, 128), jnp.float32)).lower(lowering_platforms=("cuda",))
