import jax
import jax.numpy as jnp
import optax
from jax.sharding import AxisType, PartitionSpec as P

from accum.hparams import get_config
from accum.net import Regressor
from accum.step import make_step


def main():
  cfg = get_config()
  mesh = jax.make_mesh((jax.device_count(),), (cfg.dp_axis,), axis_types=(AxisType.Explicit,))
  model = Regressor()
  params = model.init(jax.random.key(0), jnp.zeros((1, cfg.features)))["params"]
  tx = optax.sgd(cfg.lr)
  opt_state = tx.init(params)
  batch = {"x": jnp.zeros((cfg.global_batch, cfg.features)), "y": jnp.zeros((cfg.global_batch,))}
  step = jax.jit(jax.shard_map(make_step(model, tx, cfg), mesh=mesh,
                               in_specs=(P(), P(), P(cfg.dp_axis)),
                               out_specs=(P(), P(), P())))
  with jax.set_mesh(mesh):
    batch = jax.device_put(batch, P(cfg.dp_axis))
    lowered = step.trace(params, opt_state, batch).lower(lowering_platforms=("cuda",))
  print("ok", bool(lowered.as_text()))


if __name__ == "__main__":
  main()
