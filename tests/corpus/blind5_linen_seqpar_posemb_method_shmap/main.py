import jax
import jax.experimental.shard_map
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P

from model import Decoder, DecoderConfig

cfg = DecoderConfig()
mesh = Mesh(np.array(jax.devices()), (cfg.seq_axis,))
model = Decoder(cfg)
tokens = jnp.zeros((2, 64), jnp.int32)

shard_map = jax.experimental.shard_map.shard_map

init = jax.jit(shard_map(lambda k, t: model.init(k, t), mesh,
                         in_specs=(P(), P(None, cfg.seq_axis)), out_specs=P(), check_rep=False))
variables = init(jax.random.key(0), tokens)

embed = jax.jit(shard_map(lambda v, t: model.apply(v, t, method=Decoder.embed_tokens), mesh,
                          in_specs=(P(), P(None, cfg.seq_axis)),
                          out_specs=P(None, cfg.seq_axis), check_rep=False))
embed.trace(variables, tokens).lower(lowering_platforms=("cuda",))

logits = jax.jit(shard_map(model.apply, mesh, in_specs=(P(), P(None, cfg.seq_axis)),
                           out_specs=P(None, cfg.seq_axis), check_rep=False))
logits.trace(variables, tokens).lower(lowering_platforms=("cuda",))
