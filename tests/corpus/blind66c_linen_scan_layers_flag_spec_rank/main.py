import argparse

import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

from config import MeshConfig, ModelConfig, PARTITION_RULES
from models import Decoder
from sharding import create_mesh, match_partition_rules, to_named


def sgd_step(params, x, lr, model):
  def loss_fn(p):
    return jnp.mean(model.apply({"params": p}, x) ** 2)

  loss, grads = jax.value_and_grad(loss_fn)(params)
  return jax.tree.map(lambda p, g: p - lr * g, params, grads), loss


def main():
  parser = argparse.ArgumentParser()
  parser.add_argument("--num_layers", type=int, default=4)
  parser.add_argument("--scan_layers", action="store_true",
                      help="stack the decoder blocks with nn.scan")
  parser.add_argument("--batch_size", type=int, default=8)
  parser.add_argument("--seq_len", type=int, default=128)
  args = parser.parse_args()

  model_cfg = ModelConfig(num_layers=args.num_layers, scan_layers=args.scan_layers)
  mesh = create_mesh(MeshConfig())
  model = Decoder(model_cfg)

  x = jax.ShapeDtypeStruct((args.batch_size, args.seq_len, model_cfg.d_model), jnp.float32)
  params = jax.eval_shape(lambda k, x: model.init(k, x)["params"], jax.random.PRNGKey(0), x)
  param_sh = to_named(mesh, match_partition_rules(PARTITION_RULES, params))
  x_sh = NamedSharding(mesh, P("data", None, None))

  step = jax.jit(lambda p, x: sgd_step(p, x, 1e-2, model),
                 in_shardings=(param_sh, x_sh),
                 out_shardings=(param_sh, NamedSharding(mesh, P())))
  step.trace(params, x).lower(lowering_platforms=("tpu",))


if __name__ == "__main__":
  main()
