import jax
import jax.numpy as jnp

import config
from . import routing


def init_moe(key):
  k1, k2, k3 = jax.random.split(key, 3)
  e, d, f = config.NUM_EXPERTS, config.D_MODEL, config.D_FF
  return {
      "router": jax.random.normal(k1, (d, e)) * d**-0.5,
      "w_in": jax.random.normal(k2, (e, d, f)) * d**-0.5,
      "w_out": jax.random.normal(k3, (e, f, d)) * f**-0.5,
  }


def moe_ffn(params, x):
  mask, gate = routing.top1_dispatch_mask(x, params["router"])
  buckets = jnp.einsum("tec,td->ecd", mask, x)
  buckets = routing.send_to_experts(buckets)
  h = jax.nn.gelu(jnp.einsum("ecd,edf->ecf", buckets, params["w_in"]))
  out = jnp.einsum("ecf,efd->ecd", h, params["w_out"])
  out = routing.return_from_experts(out)
  return jnp.einsum("tec,ecd->td", mask * gate[:, None, None], out)
