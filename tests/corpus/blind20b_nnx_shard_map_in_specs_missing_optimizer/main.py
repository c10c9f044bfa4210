import argparse

import jax
import jax.numpy as jnp
import optax
from flax import nnx
from jax.sharding import Mesh

from model import MLP
from train import Trainer

parser = argparse.ArgumentParser(description="mnist-style mlp, data parallel")
parser.add_argument("--batch_size", type=int, default=128)
parser.add_argument("--lr", type=float, default=0.05)
parser.add_argument("--platform", default="cuda")
args = parser.parse_args()

mesh = Mesh(jax.devices(), ("data",))
model = MLP(784, 256, 10, rngs=nnx.Rngs(42))
optimizer = nnx.Optimizer(model, optax.sgd(args.lr), wrt=nnx.Param)
trainer = Trainer(model, optimizer, mesh)

batch = {"image": jnp.zeros((args.batch_size, 784)),
         "label": jnp.zeros((args.batch_size,), jnp.int32)}
trainer.lower_step(batch, args.platform)
