import jax
import jax.numpy as jnp
import numpy as np
from flax import nnx
from jax.sharding import Mesh, PartitionSpec as P

from config import ModelConfig
from layers import Decoder

cfg = ModelConfig()
mesh = Mesh(np.array(jax.devices()).reshape(2, 2), (cfg.data_axis, cfg.seq_axis))
model = Decoder(cfg, rngs=nnx.Rngs(0))

forward = nnx.jit(
    nnx.shard_map(
        lambda m, x: m(x),
        mesh=mesh,
        in_specs=(P(), P(cfg.data_axis, cfg.seq_axis)),
        out_specs=P(cfg.data_axis, cfg.seq_axis),
    ))

x = jnp.ones((4, 16, cfg.embed_dim))
forward.trace(model, x).lower(lowering_platforms=('cuda',))
