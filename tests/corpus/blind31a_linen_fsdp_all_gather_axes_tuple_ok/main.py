import json

import jax
import jax.numpy as jnp
import numpy as np
import flax.linen as nn
from jax.sharding import Mesh, PartitionSpec as P

RUN_CONFIG = json.loads("""
{
  "mesh": {"axes": ["data", "fsdp"], "shape": [2, 2]},
  "param_gather_axes": ["data", "fsdp"],
  "d_model": 64
}
""")

mesh = Mesh(np.array(jax.devices()).reshape(RUN_CONFIG["mesh"]["shape"]), tuple(RUN_CONFIG["mesh"]["axes"]))
gather_axes = tuple(RUN_CONFIG["param_gather_axes"])  # JSON gives a list; collectives need a hashable tuple
layer = nn.Dense(RUN_CONFIG["d_model"])
params = jax.eval_shape(layer.init, jax.random.key(0), jnp.ones((1, RUN_CONFIG["d_model"])))


def fsdp_forward(params, x):
  full = jax.tree.map(lambda w: jax.lax.all_gather(w, gather_axes, axis=0, tiled=True), params)
  return layer.apply(full, x)


param_specs = jax.tree.map(lambda _: P(tuple(RUN_CONFIG["mesh"]["axes"])), params)
fwd = jax.jit(jax.shard_map(fsdp_forward, mesh=mesh, in_specs=(param_specs, P(("data", "fsdp"))),
                            out_specs=P(("data", "fsdp"))))
x = jax.ShapeDtypeStruct((16, RUN_CONFIG["d_model"]), jnp.float32)
print(fwd.trace(params, x).lower(lowering_platforms=("cuda",)).as_text()[:20])
