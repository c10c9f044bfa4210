"""A Linen encoder whose attention layers live in layers.py (psum over their `axis_name`,
default "model"); params initialised and applied per shard inside jax.shard_map."""
import jax
import jax.numpy as jnp
from jax.sharding import Mesh, PartitionSpec as P

from model import Encoder

mesh = Mesh(jax.devices(), ("model",))
model = Encoder()
x = jnp.ones((2, 8, 64))


def init_fn(key, x):
    return model.init(key, x)


def forward(params, x):
    return model.apply(params, x)


params = jax.eval_shape(jax.shard_map(init_fn, mesh=mesh, in_specs=(P(), P()), out_specs=P(),
                                      check_vma=False), jax.random.key(0), x)
fwd = jax.jit(jax.shard_map(forward, mesh=mesh, in_specs=(P(), P()), out_specs=P()))
fwd.trace(params, x).lower(lowering_platforms=("cuda",))
