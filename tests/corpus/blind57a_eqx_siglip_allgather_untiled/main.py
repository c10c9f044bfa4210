import functools as ft

import equinox as eqx
import jax
import jax.numpy as jnp
import optax
from jax.sharding import NamedSharding, PartitionSpec as P


class TwoTower(eqx.Module):
  img: eqx.nn.MLP
  txt: eqx.nn.MLP
  t_prime: jax.Array
  bias: jax.Array

  def __init__(self, key):
    ki, kt = jax.random.split(key)
    self.img = eqx.nn.MLP(1024, 256, 512, 2, key=ki)
    self.txt = eqx.nn.MLP(384, 256, 512, 2, key=kt)
    self.t_prime = jnp.log(jnp.asarray(10.0))
    self.bias = jnp.asarray(-10.0)

  def __call__(self, img_feats, txt_feats):
    zi = jax.vmap(self.img)(img_feats)
    zt = jax.vmap(self.txt)(txt_feats)
    zi = zi / jnp.linalg.norm(zi, axis=-1, keepdims=True)
    zt = zt / jnp.linalg.norm(zt, axis=-1, keepdims=True)
    return zi, zt


def siglip_loss(model, img_feats, txt_feats):
  zi, zt = model(img_feats, txt_feats)
  zt_all = jax.lax.all_gather(zt, "dp")
  logits = jnp.einsum("id,jd->ij", zi, zt_all) * jnp.exp(model.t_prime) + model.bias
  n_local, n_global = logits.shape
  rank = jax.lax.axis_index("dp")
  # +1 on my own pairs (the diagonal of my block of columns), -1 everywhere else
  pos = jnp.arange(n_global)[None, :] == (rank * n_local + jnp.arange(n_local))[:, None]
  labels = 2.0 * pos - 1.0
  return -jnp.sum(jax.nn.log_sigmoid(labels * logits)) / n_local


opt = optax.sgd(1e-2, momentum=0.9)


def make_step(static):
  def step(params, opt_state, img_feats, txt_feats):
    model = eqx.combine(params, static)
    loss, grads = eqx.filter_value_and_grad(siglip_loss)(model, img_feats, txt_feats)
    grads = jax.lax.pmean(grads, "dp")
    updates, opt_state = opt.update(grads, opt_state)
    return eqx.apply_updates(params, updates), opt_state, jax.lax.pmean(loss, "dp")
  return step


if __name__ == "__main__":
  mesh = jax.make_mesh((4,), ("dp",))
  params, static = eqx.partition(TwoTower(jax.random.key(0)), eqx.is_array)
  opt_state = opt.init(params)
  sharded = jax.shard_map(make_step(static), mesh=mesh, in_specs=(P(), P(), P("dp"), P("dp")),
                          out_specs=(P(), P(), P()))
  feats = ft.partial(jax.ShapeDtypeStruct, dtype=jnp.float32, sharding=NamedSharding(mesh, P("dp")))
  jax.jit(sharded).trace(params, opt_state, feats((512, 1024)), feats((512, 384))).lower(
      lowering_platforms=("cuda",))
