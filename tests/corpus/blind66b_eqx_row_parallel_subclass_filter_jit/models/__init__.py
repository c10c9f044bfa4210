from models.mlp import ParallelMLP
