import flax.linen as nn
import jax.numpy as jnp

default_init = nn.initializers.lecun_normal()


class MlpBlock(nn.Module):
    emb_dim: int
    mlp_dim: int

    @nn.compact
    def __call__(self, x):
        wi = self.param(
            "wi",
            nn.with_logical_partitioning(default_init, ("embed", "mlp")),
            (self.emb_dim, self.mlp_dim),
        )
        wo = self.param(
            "wo",
            nn.with_logical_partitioning(default_init, ("mlp", "embed")),
            (self.mlp_dim, self.emb_dim),
        )
        h = jnp.einsum("bse,em->bsm", x, wi)
        h = nn.with_logical_constraint(h, ("activation_batch", "activation_length", "activation_mlp"))
        h = nn.gelu(h)
        out = jnp.einsum("bsm,me->bse", h, wo)
        return nn.with_logical_constraint(out, ("activation_batch", "activation_length", "activation_embed"))


class Decoder(nn.Module):
    emb_dim: int = 64
    mlp_dim: int = 256
    vocab: int = 128

    @nn.compact
    def __call__(self, tokens):
        embedding = self.param(
            "embedding",
            nn.with_logical_partitioning(nn.initializers.normal(1.0), ("vocab", "embed")),
            (self.vocab, self.emb_dim),
        )
        x = jnp.take(embedding, tokens, axis=0)
        x = x + MlpBlock(self.emb_dim, self.mlp_dim, name="mlp")(x)
        return jnp.einsum("bse,ve->bsv", x, embedding)
