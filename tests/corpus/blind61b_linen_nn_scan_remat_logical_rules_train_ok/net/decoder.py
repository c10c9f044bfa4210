import flax.linen as nn
import jax.numpy as jnp

init = nn.initializers.normal(0.02)


class DecoderLayer(nn.Module):
  mlp_dim: int

  @nn.compact
  def __call__(self, x, _):
    e = x.shape[-1]
    h = nn.RMSNorm(scale_init=nn.with_logical_partitioning(nn.initializers.ones, ("embed",)))(x)
    wi = self.param("wi", nn.with_logical_partitioning(init, ("embed", "mlp")), (e, self.mlp_dim))
    wo = self.param("wo", nn.with_logical_partitioning(init, ("mlp", "embed")), (self.mlp_dim, e))
    h = nn.with_logical_constraint(nn.silu(h @ wi), ("batch", "length", "mlp"))
    x = x + h @ wo
    return nn.with_logical_constraint(x, ("batch", "length", "embed")), None


class Decoder(nn.Module):
  num_layers: int
  mlp_dim: int
  vocab: int

  @nn.compact
  def __call__(self, tokens):
    emb = self.param("embedding", nn.with_logical_partitioning(init, ("vocab", "embed")),
                     (self.vocab, 512))
    x = jnp.take(emb, tokens, axis=0)
    x = nn.with_logical_constraint(x, ("batch", "length", "embed"))
    Layer = nn.remat(DecoderLayer, prevent_cse=False)
    x, _ = nn.scan(Layer, variable_axes={"params": 0}, split_rngs={"params": True},
                   length=self.num_layers,
                   metadata_params={nn.PARTITION_NAME: "layers"})(self.mlp_dim, name="layers")(x, None)
    return x @ emb.T
