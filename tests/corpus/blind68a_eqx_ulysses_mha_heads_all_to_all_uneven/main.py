import jax
import jax.numpy as jnp
import jax.random as jr
import equinox as eqx
from jax.sharding import Mesh, PartitionSpec as P

from attention import UlyssesSelfAttention
from seq_parallel import SP_AXIS

NUM_HEADS = 6
DIM = 96

mesh = Mesh(jax.devices(), (SP_AXIS,))

attn = UlyssesSelfAttention(NUM_HEADS, DIM, key=jr.PRNGKey(1))
params, static = eqx.partition(attn, eqx.is_array)
param_specs = jax.tree.map(lambda _: P(), params)


def forward(params, x):
    return eqx.combine(params, static)(x)


forward = jax.jit(
    jax.shard_map(
        forward,
        mesh=mesh,
        in_specs=(param_specs, P(None, SP_AXIS)),
        out_specs=P(None, SP_AXIS),
    )
)

x = jax.ShapeDtypeStruct((2, 512, DIM), jnp.float32)
forward.trace(params, x).lower(lowering_platforms=("tpu",))
