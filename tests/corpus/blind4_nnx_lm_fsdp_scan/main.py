"""Entry point: builds a (data, model) mesh, a sharded model and optimizer, and lowers one
train step for GPUs."""
import argparse
import dataclasses

import jax
import jax.numpy as jnp
import optax
from flax import nnx
from jax.sharding import AxisType, NamedSharding, PartitionSpec as P

from nanolm import ModelConfig, TrainConfig, Transformer, make_train_step


def parse_args():
  parser = argparse.ArgumentParser()
  parser.add_argument('--layers', type=int, default=2)
  parser.add_argument('--remat', default='nothing_saveable')
  parser.add_argument('--mesh', default='2,2')
  return parser.parse_args()


def main():
  args = parse_args()
  mcfg = dataclasses.replace(ModelConfig(), num_layers=args.layers, remat_policy=args.remat)
  tcfg = TrainConfig()
  shape = tuple(int(s) for s in args.mesh.split(','))
  mesh = jax.make_mesh(shape, (mcfg.data_axis, mcfg.model_axis),
                       axis_types=(AxisType.Auto, AxisType.Auto))

  with jax.set_mesh(mesh):
    model = Transformer(mcfg, rngs=nnx.Rngs(0))
    optimizer = nnx.Optimizer(
        model, optax.adamw(tcfg.learning_rate, weight_decay=tcfg.weight_decay), wrt=nnx.Param)
    data_sharding = NamedSharding(mesh, P(mcfg.data_axis, None))
    batch = {
        'inputs': jax.device_put(jnp.zeros((tcfg.batch_size, tcfg.seq_len), jnp.int32), data_sharding),
        'targets': jax.device_put(jnp.zeros((tcfg.batch_size, tcfg.seq_len), jnp.int32), data_sharding),
    }
    train_step = make_train_step(tcfg)
    lowered = train_step.trace(model, optimizer, batch).lower(lowering_platforms=('cuda',))
  print(lowered.as_text()[:200])


if __name__ == '__main__':
  main()
