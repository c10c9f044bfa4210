import flax.linen as nn

from .config import ModelConfig
from .layers import MlpBlock


class LanguageModel(nn.Module):
    config: ModelConfig

    @nn.compact
    def __call__(self, tokens):
        cfg = self.config
        embed = nn.Embed(
            cfg.vocab_size, cfg.embed_dim,
            embedding_init=nn.with_logical_partitioning(nn.initializers.normal(0.02), ("vocab", "embed")),
        )
        x = embed(tokens)
        for _ in range(cfg.num_layers):
            x = x + MlpBlock(cfg.embed_dim, cfg.mlp_dim)(nn.LayerNorm()(x))
        return embed.attend(nn.LayerNorm()(x))
