import functools

import jax
import jax.numpy as jnp
import numpy as np
import equinox as eqx
from jax.sharding import Mesh, PartitionSpec as P

from pipeline import make_stages, forward_backward_free

NUM_STAGES = 4
mesh = Mesh(np.array(jax.devices()[:NUM_STAGES]), ("stage",))

stages = make_stages(NUM_STAGES, 64, jax.random.PRNGKey(0))
params, static = eqx.partition(stages, eqx.is_array)

step = jax.shard_map(
    functools.partial(forward_backward_free, static=static, num_stages=NUM_STAGES),
    mesh=mesh,
    in_specs=(P("stage"), P()),
    out_specs=P("stage"),
    check_vma=False,
)

x = jnp.ones((8, 64), jnp.float32)
lowered = jax.jit(step).trace(params, x).lower(lowering_platforms=("cuda",))
print("pipeline lowered:", "send" in lowered.as_text())
