import jax
import jax.numpy as jnp
from flax import nnx
from jax.sharding import NamedSharding, PartitionSpec as P

from config import ModelConfig
from layers import Decoder

cfg = ModelConfig()
mesh = jax.make_mesh((2, 2), ('data', 'seq'))
model = Decoder(cfg, rngs=nnx.Rngs(0))

forward = nnx.jit(
    nnx.shard_map(
        lambda m, x: m(x),
        mesh=mesh,
        in_specs=(P(), P('data', 'seq')),
        out_specs=P('data', 'seq'),
    ))

x = jnp.ones((4, 16, cfg.embed_dim))
x = jax.device_put(x, NamedSharding(mesh, P('data', 'seq')))
forward.trace(model, x).lower(lowering_platforms=('cuda',))
