import jax
import jax.numpy as jnp
import flax.linen as nn


def get_remat_policy(name):
  if name == "minimal":
    return jax.checkpoint_policies.checkpoint_dots_with_no_batch_dims
  if name == "full":
    return jax.checkpoint_policies.nothing_saveable
  return None


class MlpBlock(nn.Module):
  emb_dim: int
  mlp_dim: int

  @nn.compact
  def __call__(self, x, _):
    wi = self.param("wi", nn.with_logical_partitioning(
        nn.initializers.lecun_normal(), ("embed", "mlp")), (self.emb_dim, self.mlp_dim))
    wo = self.param("wo", nn.with_logical_partitioning(
        nn.initializers.lecun_normal(), ("mlp", "embed")), (self.mlp_dim, self.emb_dim))
    h = jnp.einsum("bse,em->bsm", x, wi)
    h = nn.with_logical_constraint(h, ("activation_batch", None, "activation_mlp"))
    h = nn.gelu(h)
    y = jnp.einsum("bsm,me->bse", h, wo)
    y = nn.with_logical_constraint(y, ("activation_batch", None, "activation_embed"))
    return x + y, None


class Decoder(nn.Module):
  config: object

  @nn.compact
  def __call__(self, tokens):
    cfg = self.config
    emb = self.param("embedding", nn.with_logical_partitioning(
        nn.initializers.normal(0.02), ("vocab", "embed")), (cfg.vocab_size, cfg.emb_dim))
    x = jnp.take(emb, tokens, axis=0)
    x = nn.with_logical_constraint(x, ("activation_batch", None, "activation_embed"))
    block = nn.remat(MlpBlock, prevent_cse=False, policy=get_remat_policy(cfg.remat_policy))
    x, _ = nn.scan(
        block,
        variable_axes={"params": 0},
        split_rngs={"params": True},
        length=cfg.num_layers,
        metadata_params={nn.PARTITION_NAME: "layers"},
    )(cfg.emb_dim, cfg.mlp_dim, name="layers")(x, None)
    return jnp.einsum("bse,ve->bsv", x, emb)
