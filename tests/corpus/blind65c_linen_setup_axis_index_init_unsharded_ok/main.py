import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental.shard_map import shard_map
from jax.sharding import Mesh, PartitionSpec as P

import train
from model import SeqClassifier

cfg = {"seq_axis": "seq", "batch": 8, "seq_len": 512, "in_dim": 32, "d_model": 128,
       "num_classes": 10, "lr": 1e-3}

mesh = Mesh(np.array(jax.devices()), (cfg["seq_axis"],))
model = SeqClassifier(max_len=cfg["seq_len"], d_model=cfg["d_model"],
                      num_classes=cfg["num_classes"], seq_axis=cfg["seq_axis"])

state = jax.eval_shape(
    functools.partial(train.create_train_state, model, mesh=mesh, cfg=cfg), jax.random.key(0))

seq = cfg["seq_axis"]
train_step = shard_map(functools.partial(train.train_step, seq_axis=seq), mesh=mesh,
                       in_specs=(P(), P(None, seq, None), P()), out_specs=(P(), P()))
train_step = jax.jit(train_step)

x = jax.ShapeDtypeStruct((cfg["batch"], cfg["seq_len"], cfg["in_dim"]), jnp.float32)
y = jax.ShapeDtypeStruct((cfg["batch"],), jnp.int32)
train_step.trace(state, x, y).lower(lowering_platforms=("tpu",))
