"""Plain-dict config, as loaded from YAML in MaxText-like launchers."""

CONFIG = {
    'mesh': {'axes': ('data', 'expert'), 'shape': (1, 4)},
    'model': {'vocab': 128, 'dim': 32, 'hidden': 64, 'layers': 2},
    'moe': {'num_experts': 4, 'capacity': 8, 'expert_axis': 'expert'},
    'optim': {'lr': 1e-3},
}
