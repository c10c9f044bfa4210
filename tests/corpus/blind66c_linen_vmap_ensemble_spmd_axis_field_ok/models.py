import flax.linen as nn
import jax.numpy as jnp


class Member(nn.Module):
  hidden: int
  num_outputs: int

  @nn.compact
  def __call__(self, x):
    h = nn.Dense(self.hidden,
                 kernel_init=nn.with_logical_partitioning(
                     nn.initializers.lecun_normal(), ("features", "hidden")))(x)
    h = nn.with_logical_constraint(nn.swish(h), ("batch", "hidden"))
    return nn.Dense(self.num_outputs,
                    kernel_init=nn.with_logical_partitioning(
                        nn.initializers.lecun_normal(), ("hidden", None)))(h)


def make_ensemble(cfg):
  Ensemble = nn.vmap(
      Member,
      variable_axes={"params": 0},
      split_rngs={"params": True},
      in_axes=None,          # every member sees the same batch
      out_axes=0,
      axis_size=cfg.num_members,
      spmd_axis_name=cfg.ensemble_axis,
      metadata_params={nn.PARTITION_NAME: "members"},
  )
  return Ensemble(cfg.hidden, cfg.num_outputs)
