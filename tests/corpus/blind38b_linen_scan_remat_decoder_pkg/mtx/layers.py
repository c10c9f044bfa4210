import flax.linen as nn
import jax.numpy as jnp


def dense_init(names):
    return nn.with_logical_partitioning(nn.initializers.lecun_normal(), names)


class MlpBlock(nn.Module):
    mlp_dim: int

    @nn.compact
    def __call__(self, x):
        d = x.shape[-1]
        h = nn.DenseGeneral(self.mlp_dim, kernel_init=dense_init(("embed", "mlp")), name="wi")(x)
        h = nn.with_logical_constraint(nn.gelu(h), ("activation_batch", "activation_length", "activation_mlp"))
        return nn.DenseGeneral(d, kernel_init=dense_init(("mlp", "embed")), name="wo")(h)


class DecoderLayer(nn.Module):
    mlp_dim: int
    num_heads: int

    @nn.compact
    def __call__(self, x, _):
        y = nn.LayerNorm(name="pre_attn_norm")(x)
        y = nn.SelfAttention(
            num_heads=self.num_heads,
            deterministic=True,
        )(y)
        x = x + y
        y = nn.LayerNorm(name="pre_mlp_norm")(x)
        x = x + MlpBlock(self.mlp_dim)(y)
        x = nn.with_logical_constraint(x, ("activation_batch", "activation_length", "activation_embed"))
        return x, None


class Decoder(nn.Module):
    vocab: int = 128
    emb: int = 32
    layers: int = 2
    mlp_dim: int = 64
    num_heads: int = 4

    @nn.compact
    def __call__(self, tokens):
        embed = nn.Embed(
            self.vocab, self.emb,
            embedding_init=nn.with_logical_partitioning(nn.initializers.normal(0.02), ("vocab", "embed")),
        )
        x = embed(tokens).astype(jnp.float32)
        Block = nn.remat(DecoderLayer, prevent_cse=False)
        x, _ = nn.scan(
            Block,
            variable_axes={"params": 0},
            split_rngs={"params": True},
            in_axes=nn.broadcast,
            length=self.layers,
            metadata_params={nn.PARTITION_NAME: "layers"},
        )(self.mlp_dim, self.num_heads, name="decoder")(x, None)
        return embed.attend(nn.LayerNorm()(x))
