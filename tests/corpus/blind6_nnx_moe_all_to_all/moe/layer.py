import jax
import jax.numpy as jnp
from jax import lax as L
from flax import nnx

from .config import MoEConfig


class MoE(nnx.Module):
  def __init__(self, cfg: MoEConfig, *, rngs: nnx.Rngs):
    self.cfg = cfg
    init = nnx.initializers.lecun_normal()
    self.router = nnx.Param(init(rngs.params(), (cfg.d_model, cfg.num_experts)))
    self.w = nnx.Param(
        nnx.with_partitioning(init, (cfg.expert_axis, None, None))(
            rngs.params(), (cfg.num_experts, cfg.d_model, cfg.d_model)))

  def __call__(self, x):
    """x: the local tokens (T, d); self.w: the local experts (E/n, d, d)."""
    cfg = self.cfg
    gates = jax.nn.softmax(x @ self.router[...])
    expert = jnp.argmax(gates, axis=-1)
    onehot = jax.nn.one_hot(expert, cfg.num_experts)
    pos = (jnp.cumsum(onehot, axis=0) - 1) * onehot
    slot = jax.nn.one_hot(pos.sum(-1).astype(jnp.int32), cfg.capacity) * (pos.sum(-1) < cfg.capacity)[:, None]
    dispatch = onehot[:, :, None] * slot[:, None, :]               # (T, E, C)
    buf = jnp.einsum('tec,td->ecd', dispatch, x)                    # (E, C, d)
    buf = L.all_to_all(buf, cfg.expert_axis, split_axis=0, concat_axis=1, tiled=True)
    out = jnp.einsum('ecd,edf->ecf', buf, self.w[...])
    out = L.all_to_all(out, cfg.expert_axis, split_axis=1, concat_axis=0, tiled=True)
    combine = dispatch * gates[:, :, None]
    return jnp.einsum('tec,ecd->td', combine, out)
