from functools import partial

import equinox as eqx
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P

from sync_bn import DEVICE_AXIS, LOCAL_AXIS, Net

mesh = Mesh(np.array(jax.devices()), (DEVICE_AXIS,))

model, state = eqx.nn.make_with_state(Net)(channels=4, depth=2, key=jax.random.PRNGKey(0))
params, static = eqx.partition(model, eqx.is_array)


def forward(params, state, x):
    net = eqx.combine(params, static)
    per_example = jax.vmap(net, in_axes=(0, None), out_axes=(0, None), axis_name=LOCAL_AXIS)
    return per_example(x, state)


sharded_forward = jax.shard_map(
    forward,
    mesh=mesh,
    in_specs=(P(), P(), P(DEVICE_AXIS)),
    out_specs=(P(DEVICE_AXIS), P()),
    # BatchNorm reduces over a vmap axis and a mesh axis in one pmean, which the
    # varying-manual-axes check does not follow
    check_vma=False,
)

x = jnp.ones((16, 4, 8), jnp.float32)
lowered = jax.jit(sharded_forward).trace(params, state, x).lower(lowering_platforms=("cuda",))
print(lowered.as_text()[:100])
