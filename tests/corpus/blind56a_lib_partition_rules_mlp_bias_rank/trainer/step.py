import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

from .sharding import named, specs_from_rules


def init(cfg, key):
  keys = iter(jax.random.split(key, cfg.n_layers + 2))
  p = {"in_proj": {"w": jax.random.normal(next(keys), (cfg.in_dim, cfg.hidden)) * 0.02}}
  for i in range(cfg.n_layers):
    p[f"mlp_{i}"] = {"w": jax.random.normal(next(keys), (cfg.hidden, cfg.hidden)) * 0.02,
                     "b": jnp.zeros((cfg.hidden,))}
  p["head"] = {"w": jax.random.normal(next(keys), (cfg.hidden, cfg.n_classes)) * 0.02}
  return p


def forward(cfg, p, x):
  h = jax.nn.relu(x @ p["in_proj"]["w"])
  for i in range(cfg.n_layers):
    h = h + jax.nn.relu(h @ p[f"mlp_{i}"]["w"] + p[f"mlp_{i}"]["b"])
  return h @ p["head"]["w"]


def make_train_step(cfg):
  mesh = Mesh(np.array(jax.devices()).reshape(cfg.mesh_shape), cfg.mesh_axes)
  shapes = jax.eval_shape(lambda: init(cfg, jax.random.key(0)))
  p_sh = named(mesh, specs_from_rules(cfg.partition_rules, shapes))
  data_sh = NamedSharding(mesh, P("dp"))

  def step(params, x, y):
    def loss_fn(params):
      logits = forward(cfg, params, x)
      return -jnp.mean(jnp.sum(jax.nn.log_softmax(logits) * jax.nn.one_hot(y, cfg.n_classes), -1))
    loss, g = jax.value_and_grad(loss_fn)(params)
    return jax.tree.map(lambda a, b: a - cfg.lr * b, params, g), loss

  step = jax.jit(step, in_shardings=(p_sh, data_sh, data_sh),
                 out_shardings=(p_sh, NamedSharding(mesh, P())))
  return step, shapes
