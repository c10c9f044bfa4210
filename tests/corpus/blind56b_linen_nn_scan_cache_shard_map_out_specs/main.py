import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P

from decoder import Decoder

mesh = Mesh(np.array(jax.devices()), ("data",))
model = Decoder()
GLOBAL_BATCH = 8
LOCAL_BATCH = GLOBAL_BATCH // mesh.size

# cache is allocated per shard, so init with the local batch and stack along batch
local_vars = jax.eval_shape(model.init, jax.random.key(0), jnp.zeros((LOCAL_BATCH, 1), jnp.int32))
params = local_vars["params"]
cache = jax.tree.map(
    lambda a: jax.ShapeDtypeStruct(a.shape[:1] + (a.shape[1] * mesh.size,) + a.shape[2:], a.dtype)
    if a.ndim > 1 else a,
    local_vars["cache"])
cache_specs = jax.tree.map(lambda a: P(None, "data") if a.ndim > 1 else P(), cache)


@jax.jit
@functools.partial(jax.shard_map, mesh=mesh,
                   in_specs=(P(), cache_specs, P("data")),
                   out_specs=(P("data"), P()))
def decode_step(params, cache, tok):
    logits, new_vars = model.apply({"params": params, "cache": cache}, tok, mutable=["cache"])
    return jnp.argmax(logits, axis=-1), new_vars["cache"]


tok = jax.ShapeDtypeStruct((GLOBAL_BATCH, 1), jnp.int32)
decode_step.trace(params, cache, tok).lower(lowering_platforms=("tpu",))
