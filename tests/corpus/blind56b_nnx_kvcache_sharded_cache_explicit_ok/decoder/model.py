from flax import nnx
from jax.sharding import PartitionSpec as P

from .config import DecoderConfig
from .layers import DecoderBlock


class Decoder(nnx.Module):
    def __init__(self, cfg: DecoderConfig, *, rngs: nnx.Rngs):
        self.cfg = cfg
        self.embed = nnx.Embed(cfg.vocab_size, cfg.d_model, rngs=rngs)
        self.blocks = nnx.List([DecoderBlock(cfg, rngs=rngs) for _ in range(cfg.num_layers)])
        self.final_norm = nnx.RMSNorm(cfg.d_model, rngs=rngs)

    def init_cache(self, batch_size: int):
        for block in self.blocks:
            block.attn.init_cache(batch_size)

    def __call__(self, tokens):
        # explicit mesh: say where the gathered rows live (batch-sharded like the tokens)
        x = self.embed.embedding[...].at[tokens].get(out_sharding=P(self.cfg.batch_axis))
        for block in self.blocks:
            x = block(x)
        return self.embed.attend(self.final_norm(x))
