import dataclasses

import equinox as eqx
import jax
import jax.numpy as jnp


@dataclasses.dataclass(frozen=True)
class MoEConfig:
  d_model: int = 32
  d_ff: int = 64
  num_experts: int = 8
  capacity: int = 4
  expert_axis: str = 'expert'
  tiled: bool = False


class ExpertFFN(eqx.Module):
  w1: jax.Array          # (experts_local, d, f)
  w2: jax.Array          # (experts_local, f, d)

  def __call__(self, x):  # x: (experts_local, tokens, d)
    return jnp.einsum('etf,efd->etd', jax.nn.gelu(jnp.einsum('etd,edf->etf', x, self.w1)), self.w2)


class MoE(eqx.Module):
  router: eqx.nn.Linear
  experts: ExpertFFN
  cfg: MoEConfig = eqx.field(static=True)

  def __init__(self, cfg, *, key):
    k1, k2, k3 = jax.random.split(key, 3)
    self.cfg = cfg
    self.router = eqx.nn.Linear(cfg.d_model, cfg.num_experts, use_bias=False, key=k1)
    self.experts = ExpertFFN(
        jax.random.normal(k2, (cfg.num_experts, cfg.d_model, cfg.d_ff)) * 0.02,
        jax.random.normal(k3, (cfg.num_experts, cfg.d_ff, cfg.d_model)) * 0.02)

  def __call__(self, x):                                       # (tokens, d)
    cfg = self.cfg
    probs = jax.nn.softmax(jax.vmap(self.router)(x), axis=-1)
    top = jnp.argmax(probs, -1)
    onehot = jax.nn.one_hot(top, cfg.num_experts)
    pos = (jnp.cumsum(onehot, 0) - 1) * onehot
    dispatch = onehot[..., None] * jax.nn.one_hot(pos, cfg.capacity)  # (t, E, C)
    xe = jnp.einsum('tec,td->ecd', dispatch, x)                 # (E, C, d)
    xe = jax.lax.all_to_all(xe, cfg.expert_axis, split_axis=0, concat_axis=1, tiled=cfg.tiled)
    ye = self.experts(xe)
    ye = jax.lax.all_to_all(ye, cfg.expert_axis, split_axis=1, concat_axis=0, tiled=cfg.tiled)
    gate = jnp.take_along_axis(probs, top[:, None], -1)
    return jnp.einsum('tec,ecd->td', dispatch, ye) * gate
