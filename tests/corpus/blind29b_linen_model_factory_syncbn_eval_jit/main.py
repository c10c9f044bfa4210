import argparse

import jax
import jax.numpy as jnp
from jax.sharding import AxisType, NamedSharding, PartitionSpec as P

import models

parser = argparse.ArgumentParser()
parser.add_argument("--model", default="ResNetTiny")
parser.add_argument("--batch_axis", default="batch")
args = parser.parse_args([])

mesh = jax.make_mesh((4,), (args.batch_axis,), axis_types=(AxisType.Auto,))
model = models.create_model(args.model, bn_axis=args.batch_axis)
x = jnp.ones((8, 8, 8, 3))
variables = model.init(jax.random.PRNGKey(0), x[:2], train=False)


@jax.jit
def eval_step(variables, images):
    logits = model.apply(variables, images, mutable=False)
    return jnp.argmax(logits, -1)


images = jax.device_put(x, NamedSharding(mesh, P(args.batch_axis)))
lowered = eval_step.trace(variables, images).lower(lowering_platforms=("cuda",))
print("lowered")
